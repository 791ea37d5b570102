/**
 * The HTML files the build writes, one per route, which the server answers for those paths. Public pages are
 * prerendered as a visitor sees them and hydrated; the signed-in pages get the signed-in shell (SignedInShell.tsx),
 * which the app renders over.
 * NOT_FOUND_PAGE is answered, with status 404, for every other path.
 */
export interface StaticPage {
  path: string;
  file: string;
  prerendered: boolean;
  /** The page's lazily loaded module: its page links to its stylesheets and preloads its scripts. */
  lazyModule?: string;
  /**
   * Modules the container loads for the page at once (its services' code, src/infrastructure/registration), also
   * preloaded: else they are found only once the page has run, one round of fetches before its first request.
   */
  servicesModules?: readonly string[];
  /**
   * Where the route's guard sends a signed-in person (App.tsx): their browser goes there before the guest's page
   * paints, instead of showing it until the app has run.
   */
  signedInGoesTo?: string;
  /**
   * The API paths (GET, no query) the page's first screen asks for, sent from the page's HTML with the stored session
   * while the app's script is on its way (src/infrastructure/http/earlyRequests.ts).
   */
  firstRequests?: readonly string[];
}

/**
 * What every signed-in page asks first: who the stored session is (the auth machine's check, which the page waits for
 * before it shows anything of the person's).
 */
const SESSION_CHECK = "/auth/me";

/** The page that installs and connects the browser extension; the header's "Install Extension" leads there. */
export const EXTENSION_PAGE_PATH = "/extension";

export const NOT_FOUND_PAGE: StaticPage = { path: "/404", file: "404.html", prerendered: true, lazyModule: "src/ui/pages/NotFoundPage.tsx" };

export const STATIC_PAGES: readonly StaticPage[] = [
  { path: "/", file: "index.html", prerendered: true, signedInGoesTo: "/dashboard" },
  { path: "/login", file: "login.html", prerendered: true, signedInGoesTo: "/dashboard", lazyModule: "src/ui/pages/LoginPage.tsx" },
  { path: "/register", file: "register.html", prerendered: true, signedInGoesTo: "/dashboard", lazyModule: "src/ui/pages/RegisterPage.tsx" },
  { path: "/privacy", file: "privacy.html", prerendered: true, lazyModule: "src/ui/pages/legal/PrivacyPage.tsx" },
  { path: "/terms", file: "terms.html", prerendered: true, lazyModule: "src/ui/pages/legal/TermsPage.tsx" },
  {
    path: "/dashboard",
    file: "dashboard.html",
    prerendered: false,
    lazyModule: "src/ui/pages/dashboard/DashboardPage.tsx",
    // DashboardSource's first answer (src/infrastructure/http/dashboardSource.ts), which its first screen waits for.
    firstRequests: [SESSION_CHECK, "/dashboard-products"],
    // What DashboardLogic's factory loads (registration/dashboard.ts); the chunks these import come with them.
    servicesModules: [
      "src/infrastructure/registration/dashboardMachines.ts",
      "src/infrastructure/http/dashboardSource.ts",
      "src/infrastructure/platform/dashboardAddressBar.ts",
      "src/infrastructure/cache/queryCache.ts",
      "src/infrastructure/http/settingsGateway.ts",
      // The deal detail, status, reminder and correction machines (registration/brands.ts), which the cards wait for.
      "src/infrastructure/registration/brandsMachines.ts",
    ],
  },
  { path: "/settings", file: "settings.html", prerendered: false, lazyModule: "src/ui/pages/settings/SettingsPage.tsx", firstRequests: [SESSION_CHECK] },
  // Also answered for /brands/:id (server/http/staticFiles.ts).
  { path: "/brands", file: "brands.html", prerendered: false, lazyModule: "src/ui/pages/brand/BrandPage.tsx", firstRequests: [SESSION_CHECK] },
  {
    path: EXTENSION_PAGE_PATH,
    file: "extension.html",
    prerendered: false,
    lazyModule: "src/ui/pages/extension/ExtensionPage.tsx",
    firstRequests: [SESSION_CHECK],
  },
  // Also a signed-in person's, back from connecting Gmail.
  { path: "/oauth-callback", file: "oauth-callback.html", prerendered: false, lazyModule: "src/ui/pages/OAuthCallbackPage.tsx", firstRequests: [SESSION_CHECK] },
  NOT_FOUND_PAGE,
];
