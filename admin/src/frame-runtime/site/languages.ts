import { startLanguageBanner } from './language-banner';

/**
 * The site's script for documents of an item in more than one language (site-languages.js): the server inlines it
 * only where it writes hreflang alternates, so a site in one language sends none of it. Named by hash in the
 * tour pages' and catalogue's policy like site-parent.js.
 */
startLanguageBanner();
