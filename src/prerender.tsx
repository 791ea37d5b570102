// Before any adapter module: inversify keeps what its decorators declare in reflect-metadata's store.
import "reflect-metadata/lite";
import { StrictMode, type ReactNode } from "react";
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { createContainer } from "./infrastructure/container";
import { FETCH, HTTP_TIMEOUT_MS } from "./infrastructure/http/httpClient";
import { earlyRequestScript } from "./infrastructure/http/earlyRequests";
import { LOCAL_STORAGE, SESSION_STORAGE } from "./infrastructure/storage/localSessionStore";
import { sessionIsStoredIn, storedTokenIn } from "./infrastructure/storage/storedSessionScript";
import { MemoryStorage } from "./infrastructure/storage/memoryStorage";
import { ContainerProvider } from "./ui/di";
import { App } from "./ui/App";
import { SignedInShell } from "./ui/SignedInShell";
import { InitialDemoMode } from "./ui/hooks";

export { pageTitle } from "./ui/routing/RouteFocus";

/**
 * The build-time composition root: renders a page as a first-time visitor sees it (no stored session, so the guards
 * show guest content), waiting for lazy pages, with the same tree src/main.tsx hydrates. Nothing may be fetched.
 * Each page is rendered for both values of the server's demo mode, the one setting that changes the layout.
 */
export async function renderPage(path: string, demoMode: boolean): Promise<string> {
  const container = createContainer({ apiBaseUrl: "/api", appConfig: null });
  container.rebind(LOCAL_STORAGE).toConstantValue(new MemoryStorage());
  container.rebind(SESSION_STORAGE).toConstantValue(new MemoryStorage());
  container.rebind(FETCH).toConstantValue(() => Promise.reject(new Error(`Nothing is fetched while prerendering ${path}`)));
  return htmlOf(
    <ContainerProvider container={container}>
      <InitialDemoMode value={demoMode}>
        <App />
      </InitialDemoMode>
    </ContainerProvider>,
    path,
  );
}

/** The signed-in pages' shell (src/ui/SignedInShell.tsx), which the app renders over once its script has run. */
export function renderSignedInShell(demoMode: boolean): Promise<string> {
  return htmlOf(<SignedInShell demoMode={demoMode} />, "/");
}

/** The HTML of `tree` with the router at `path`, in StrictMode as src/main.tsx renders. */
async function htmlOf(tree: ReactNode, path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path}>{tree}</Router>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/** The classic script at the top of a signed-in page that asks its first screen's data (earlyRequests.ts). */
export function firstRequestsScript(paths: readonly string[]): string {
  return earlyRequestScript(paths, HTTP_TIMEOUT_MS);
}

/**
 * The classic script at the top of a guest page's <head> that sends a person with a stored session on to `target`
 * before the guest's page paints. Its test (storedSessionScript.ts) is LocalSessionStore.storedUser's, short of
 * decoding the user: if that fails, the app there sends them back as a guest, by a navigation inside the app, so this
 * never loops. The server allows it by its hash (server/http/staticFiles.ts); a style set from a script needs no CSP
 * permission.
 */
export function signedInRedirectScript(target: string): string {
  return (
    `try{var s=localStorage;if(${sessionIsStoredIn("s", storedTokenIn("s"))}){` +
    `document.documentElement.style.visibility="hidden";location.replace(${JSON.stringify(target)})}}catch(e){}`
  );
}
