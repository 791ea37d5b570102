// Before any adapter module: inversify keeps what its decorators declare in reflect-metadata's store.
import "reflect-metadata/lite";
import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { SessionStore } from "./application/ports/session";
import { createContainer } from "./infrastructure/container";
import { readInlineAppConfig } from "./infrastructure/http/appConfigSource";
import { API_BASE_URL } from "./infrastructure/http/earlyRequests";
import { ContainerProvider } from "./ui/di";
import { App } from "./ui/App";
import { InitialDemoMode } from "./ui/hooks";
import "./ui/theme/theme.css";

/** The composition root: adapters are chosen here and reach the views only through the container in context. */
const appConfig = readInlineAppConfig(document);
const container = createContainer({ apiBaseUrl: API_BASE_URL, appConfig });

const root = document.getElementById("root");
if (!root) throw new Error("the page has no #root element");

const app = (
  <StrictMode>
    <ContainerProvider container={container}>
      <InitialDemoMode value={appConfig?.demoMode ?? false}>
        <App />
      </InitialDemoMode>
    </ContainerProvider>
  </StrictMode>
);

// A public page arrives prerendered as a visitor sees it, and is hydrated; as a transition, so that the work yields
// to the browser in slices instead of blocking it (the page is already on screen). Someone with a stored session
// sees it differently (the guards send them on), so their page is rendered afresh, replacing the visitor's markup.
// A signed-in page arrives with its shell (src/ui/SignedInShell.tsx), which is always rendered over.
const asAVisitorSeesIt = root.hasChildNodes() && root.dataset.shell === undefined;
if (asAVisitorSeesIt && container.get(SessionStore).storedUser() === null) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
