/**
 * `npm run bench`: every benchmark in turn, against the built server (the root script builds first).
 * Each file can also run alone: `node --import tsx bench/src/<name>.ts`.
 */
import { measureArgon2 } from './argon2-cost.js';
import { formatServerStart, measureServerStart } from './server-start.js';
import { measureAdminBundle } from './admin-bundle-size.js';
import { formatPostsList, measurePostsList } from './posts-list.js';
import { formatMediaUpload, measureMediaUpload } from './media-upload.js';
import { formatMediaScreen, measureMediaScreen } from './media-library-screen.js';
import { ADMIN_LISTS, formatAdminList, measureAdminList } from './admin-lists.js';
import { formatPublicPage, measurePublicPage } from './public-page.js';
import { formatCatalogue, measureCatalogue } from './catalogue.js';
import { formatDepartures, measureDepartures } from './departures.js';
import { formatRevisions, measureRevisions } from './revisions.js';
import { formatActivity, measureActivity } from './activity.js';
import { formatSiteWrk, measureSiteWrk } from './site-wrk.js';
import { formatLighthouse, measureLighthouse } from './lighthouse.js';
import { formatSiteStyles, measureSiteStyles } from './site-styles.js';
import { formatManyNodes, measureManyNodes } from './many-nodes.js';
import { formatInquiryMail, measureInquiryMail } from './inquiry-mail.js';
import { formatBookingRace, measureBookingRace } from './booking-race.js';
import { formatMediaUsage, measureMediaUsage } from './media-usage.js';
import { formatTourSections, measureTourSections } from './tour-sections.js';
import { formatContentScanners, measureContentScanners } from './content-scanners.js';
import { formatStyleWorker, measureStyleWorker } from './style-worker.js';
import { spawnSync } from 'node:child_process';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const argon = await measureArgon2();
console.log(`argon2id verify: median ${argon.medianMs.toFixed(1)} ms`);

console.log(formatServerStart(await measureServerStart()));

const bundle = await measureAdminBundle();
console.log(
  `admin JS, gzipped: sign-in screen ${kb(bundle.signInBytes)}; sign-in + dashboard ${kb(bundle.dashboardBytes)} (budget 200 KB)`,
);

console.log(formatPostsList(await measurePostsList()));

console.log(formatMediaUpload(await measureMediaUpload()));

console.log(formatMediaScreen(await measureMediaScreen()));

// The admin's long lists at their sizes (issue 26): posts, contacts, pages, media, activity.
for (const list of Object.values(ADMIN_LISTS)) console.log(formatAdminList(await measureAdminList(list)));

console.log(formatPublicPage(await measurePublicPage()));

console.log(formatCatalogue(await measureCatalogue()));
console.log(formatDepartures(await measureDepartures()));

console.log(formatContentScanners(await measureContentScanners()));

console.log(formatStyleWorker(await measureStyleWorker()));

console.log(formatRevisions(await measureRevisions()));

console.log(formatActivity(await measureActivity()));

console.log(formatInquiryMail(await measureInquiryMail()));
console.log(formatBookingRace(await measureBookingRace()));

console.log(formatMediaUsage(await measureMediaUsage()));

console.log(formatTourSections(await measureTourSections()));

if (spawnSync('wrk', ['--version']).error)
  console.log('site-wrk: skipped (wrk is not installed: apt-get install -y wrk)');
else console.log(formatSiteWrk(await measureSiteWrk()));

console.log(formatSiteStyles(await measureSiteStyles()));

console.log(formatLighthouse(await measureLighthouse()));

// Two nodes on PostgreSQL against one, and a 1 GiB upload into an object store (needs PostgreSQL and wrk).
if (spawnSync('wrk', ['--version']).error) console.log('many-nodes: skipped (wrk is not installed)');
else
  console.log(
    await measureManyNodes().then(
      formatManyNodes,
      (error: unknown) => `many-nodes: skipped (${error instanceof Error ? error.message : String(error)})`,
    ),
  );
