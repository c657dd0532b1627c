import type { Migration } from 'kysely';
import type { DialectHelpers } from '../dialect.js';
import { initialMigration } from './0001-initial.js';
import { postsListIndexMigration } from './0002-posts-list-index.js';
import { settingsMigration } from './0003-settings.js';
import { postFeaturedImageMigration } from './0004-post-featured-image.js';
import { postTagsMigration } from './0005-post-tags.js';
import { contactPostMigration } from './0006-contact-post.js';
import { tourCatalogueMigration } from './0007-tour-catalogue.js';
import { freeToursSlugMigration } from './0008-free-tours-slug.js';
import { revisionsMigration } from './0009-revisions.js';
import { redirectsMigration } from './0010-redirects.js';
import { previewLinksMigration } from './0011-preview-links.js';
import { schedulingAndTrashMigration } from './0012-scheduling-and-trash.js';
import { securityReviewMigration } from './0013-security-review.js';
import { accountsMigration } from './0014-accounts.js';
import { imageVariantsMigration } from './0015-image-variants.js';
import { manyNodesMigration } from './0016-many-nodes.js';
import { publishedVersionsMigration } from './0017-published-versions.js';
import { cataloguePriceOrderMigration } from './0018-catalogue-price-order.js';
import { listPagingMigration } from './0024-list-paging.js';
import { secretsAtRestMigration } from './0019-secrets-at-rest.js';
import { mailMigration } from './0020-mail.js';
import { mediaUsageAndTrashMigration } from './0021-media-usage-and-trash.js';
import { tourSectionsMigration } from './0023-tour-sections.js';
import { menusMigration } from './0025-menus.js';
import { departuresMigration } from './0026-departures.js';
import { siteLanguagesMigration } from './0027-site-languages.js';
import { listIndexesMigration } from './0028-list-indexes.js';
import { bookingsMigration } from './0029-bookings.js';
import { departureIndexesMigration } from './0030-departure-indexes.js';
import { translationsMigration } from './0031-translations.js';
import { displayCurrenciesMigration } from './0032-display-currencies.js';
import { translatedReferencesMigration } from './0033-translated-references.js';
import { languagesMigration } from './0034-languages.js';
import { siteDetailsMigration } from './0035-site-details.js';
import { textUpdatedAtMigration } from './0036-text-updated-at.js';
import { durationsInEveryLanguageMigration } from './0037-durations-in-every-language.js';
import { departureNotesMigration } from './0038-departure-notes.js';
import { menuLabelsMigration } from './0039-menu-labels.js';
import { listVersionsMigration } from './0040-list-versions.js';

/** Every migration in order. Names sort lexically; append, never rename. */
export function allMigrations(d: DialectHelpers): Record<string, Migration> {
  return {
    '0001-initial': initialMigration(d),
    '0002-posts-list-index': postsListIndexMigration,
    '0003-settings': settingsMigration,
    '0004-post-featured-image': postFeaturedImageMigration,
    '0005-post-tags': postTagsMigration,
    '0006-contact-post': contactPostMigration,
    '0007-tour-catalogue': tourCatalogueMigration(d),
    '0008-free-tours-slug': freeToursSlugMigration,
    '0009-revisions': revisionsMigration(d),
    '0010-redirects': redirectsMigration(d),
    '0011-preview-links': previewLinksMigration(d),
    '0012-scheduling-and-trash': schedulingAndTrashMigration(d),
    '0013-security-review': securityReviewMigration,
    '0014-accounts': accountsMigration(d),
    '0015-image-variants': imageVariantsMigration,
    '0016-many-nodes': manyNodesMigration(d),
    '0017-published-versions': publishedVersionsMigration,
    '0018-catalogue-price-order': cataloguePriceOrderMigration,
    '0019-secrets-at-rest': secretsAtRestMigration(d),
    '0020-mail': mailMigration(d),
    '0021-media-usage-and-trash': mediaUsageAndTrashMigration,
    '0023-tour-sections': tourSectionsMigration(d),
    '0024-list-paging': listPagingMigration,
    '0025-menus': menusMigration(d),
    '0026-departures': departuresMigration(d),
    '0027-site-languages': siteLanguagesMigration,
    '0028-list-indexes': listIndexesMigration,
    '0029-bookings': bookingsMigration,
    '0030-departure-indexes': departureIndexesMigration,
    '0031-translations': translationsMigration,
    '0032-display-currencies': displayCurrenciesMigration,
    '0033-translated-references': translatedReferencesMigration,
    '0034-languages': languagesMigration(d),
    '0035-site-details': siteDetailsMigration,
    '0036-text-updated-at': textUpdatedAtMigration,
    '0037-durations-in-every-language': durationsInEveryLanguageMigration,
    '0038-departure-notes': departureNotesMigration,
    '0039-menu-labels': menuLabelsMigration,
    '0040-list-versions': listVersionsMigration(d),
  };
}
