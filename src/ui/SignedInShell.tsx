import { Header } from "./components/Header";
import { LoadingScreen } from "./components/LoadingScreen";
import { centered, onlyWithScripts, page, skipLink } from "./components/primitives.css";

const noSignOutBeforeTheApp = () => {};

/**
 * What a signed-in page shows before its script has run, written into its HTML at build time (src/prerender.tsx):
 * the header with the session pending (no visitor's links, which a signed-in person must never see, and no person
 * yet) and the loading state the app itself shows first, so that the page paints at once and nothing moves when the
 * app replaces it (src/main.tsx renders over it rather than hydrating it). Where scripts cannot run, it says so in
 * place of the spinner, which would never stop.
 */
export function SignedInShell({ demoMode }: { demoMode: boolean }) {
  return (
    <>
      <a href="#main" className={skipLink}>
        Skip to content
      </a>
      <Header user={null} sessionPending demoMode={demoMode} onLogout={noSignOutBeforeTheApp} />
      <main id="main" tabIndex={-1}>
        <div className={onlyWithScripts}>
          <LoadingScreen />
        </div>
        <noscript>
          <p className={`${page} ${centered}`}>Deal Finder needs JavaScript to run.</p>
        </noscript>
      </main>
    </>
  );
}
