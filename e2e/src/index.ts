export { startServer, type RunningServer } from './server.js';
export { launchBrowser, signInThroughUi, waitUntilSettled, CHROMIUM_PATH, type BrowserSession } from './browser.js';
export { useBrowserTest, type BrowserTest } from './fixture.js';
export { startBookingProvider, type BookingProvider } from './booking-provider.js';
export { seriousFindings, type Finding } from './axe.js';
export { navigateInApp, waitUntilQuiet, watchRequests } from './navigation.js';
export { addSiteLanguage } from './settings.js';
