import { lazy, Suspense, useEffect } from "react";
import { Route, Switch, useLocation } from "wouter";
import { HeaderContainer } from "./components/HeaderContainer";
import { ToasterContainer } from "./components/ToasterContainer";
import { LoadingScreen } from "./components/LoadingScreen";
import { skipLink } from "./components/primitives.css";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { RouteFocus } from "./routing/RouteFocus";
import { GuestOnly, HomeGate, Protected } from "./routing/guards";
import { useAuthStatus } from "./hooks";
import { LandingPage } from "./pages/landing/LandingPage";

// Every page but the landing page loads on demand, keeping the landing page's JavaScript small.
const loadDashboardPage = () => import("./pages/dashboard/DashboardPage");
const loadSettingsPage = () => import("./pages/settings/SettingsPage");
const DashboardPage = lazy(loadDashboardPage);
const SettingsPage = lazy(loadSettingsPage);
const BrandPage = lazy(() => import("./pages/brand/BrandPage"));
const ExtensionPage = lazy(() => import("./pages/extension/ExtensionPage"));
const PrivacyPage = lazy(() => import("./pages/legal/PrivacyPage"));
const TermsPage = lazy(() => import("./pages/legal/TermsPage"));
const LoginPage = lazy(() => import("./pages/LoginPage"));
const RegisterPage = lazy(() => import("./pages/RegisterPage"));
const OAuthCallbackPage = lazy(() => import("./pages/OAuthCallbackPage"));
const NotFoundPage = lazy(() => import("./pages/NotFoundPage").then((module) => ({ default: module.NotFoundPage })));

/** The routes (docs/product.md, "Routes and guards") under a global header and toast area. */
export function App() {
  const [location] = useLocation();
  usePrefetchSignedInPages();
  return (
    <>
      <a href="#main" className={skipLink}>
        Skip to content
      </a>
      <HeaderContainer />
      <RouteFocus mainId="main" />
      <main id="main" tabIndex={-1}>
        {/* Keyed by path, so leaving a page that failed gives the next one a fresh start. */}
        <ErrorBoundary key={location}>
          <Suspense fallback={<LoadingScreen />}>
            <Switch>
              <Route path="/">
                <HomeGate>
                  <LandingPage />
                </HomeGate>
              </Route>
              <Route path="/login">
                <GuestOnly>
                  <LoginPage />
                </GuestOnly>
              </Route>
              <Route path="/register">
                <GuestOnly>
                  <RegisterPage />
                </GuestOnly>
              </Route>
              <Route path="/dashboard">
                <Protected>
                  <DashboardPage />
                </Protected>
              </Route>
              <Route path="/brands/:id">
                {/* Keyed by the brand: another brand's page is another visit. */}
                {(params) => (
                  <Protected>
                    <BrandPage key={params.id} />
                  </Protected>
                )}
              </Route>
              <Route path="/settings">
                <Protected>
                  <SettingsPage />
                </Protected>
              </Route>
              <Route path="/extension">
                <Protected>
                  <ExtensionPage />
                </Protected>
              </Route>
              <Route path="/privacy" component={PrivacyPage} />
              <Route path="/terms" component={TermsPage} />
              <Route path="/oauth-callback" component={OAuthCallbackPage} />
              <Route component={NotFoundPage} />
            </Switch>
          </Suspense>
        </ErrorBoundary>
      </main>
      <ToasterContainer />
    </>
  );
}

/** Settings' code is fetched this long after sign-in, so that it does not compete with the dashboard's first load. */
const SETTINGS_PREFETCH_DELAY_MS = 3_000;

/** Once someone is signed in, the signed-in screens' code is fetched ahead, so that opening them does not wait. */
function usePrefetchSignedInPages() {
  const signedIn = useAuthStatus() === "signedIn";
  useEffect(() => {
    if (!signedIn) return;
    // A failed prefetch is no error: the page then loads when it is opened, as it would without one.
    loadDashboardPage().catch(() => undefined);
    const later = setTimeout(() => loadSettingsPage().catch(() => undefined), SETTINGS_PREFETCH_DELAY_MS);
    return () => clearTimeout(later);
  }, [signedIn]);
}
