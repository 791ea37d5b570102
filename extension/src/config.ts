declare const __DEAL_FINDER_URL__: string;

/** The Deal Finder address this build talks to, fixed at build time (npm run build:extension -- --app-url URL). */
export const APP_URL: string = __DEAL_FINDER_URL__;
export const APP_ORIGIN = new URL(APP_URL).origin;
