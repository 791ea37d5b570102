import "reflect-metadata";
import { StrictMode } from "react";
import { prerender } from "react-dom/static";
import { Router } from "wouter";
import { createContainer } from "./infrastructure/container";
import { MemoryStorage } from "./infrastructure/storage/memoryStorage";
import { ContainerProvider } from "./ui/di";
import { App } from "./ui/App";
import { InitialDemoMode } from "./ui/hooks";

export { STATIC_PAGES } from "./ui/routing/pages";
export { pageTitle } from "./ui/routing/RouteFocus";

/**
 * The build-time composition root: renders a page as a first-time visitor sees it (no stored session, so the guards
 * show guest content), waiting for lazy pages, with the same tree src/main.tsx hydrates. Nothing may be fetched.
 * Each page is rendered for both values of the server's demo mode, the one setting that changes the layout.
 */
export async function renderPage(path: string, demoMode: boolean): Promise<string> {
  const container = createContainer({
    baseUrl: "/api",
    localStorage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
    fetch: () => Promise.reject(new Error(`Nothing is fetched while prerendering ${path}`)),
  });
  const { prelude } = await prerender(
    <StrictMode>
      <Router ssrPath={path}>
        <ContainerProvider container={container}>
          <InitialDemoMode value={demoMode}>
            <App />
          </InitialDemoMode>
        </ContainerProvider>
      </Router>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
