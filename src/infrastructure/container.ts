import { Container } from "inversify";
import type { ServiceResolver } from "../application/services";
import { authModule } from "./registration/auth";
import { dealsAndBrandsModule } from "./registration/brands";
import { dashboardModule } from "./registration/dashboard";
import { extensionModule } from "./registration/extension";
import { landingModule } from "./registration/landing";
import { platformModule, type PlatformSettings } from "./registration/platform";
import { settingsModule } from "./registration/settings";

/** The container, its `get` typed by our keys (a symbol token carries the type of what it names). */
export type AppContainer = ServiceResolver & Container;

/**
 * A container that sees every binding of `parent` and binds its own over them: how a test gives a port a fake. What
 * the child resolves is made from the child's bindings where it has them, so resolve only from the child.
 */
export function childContainer(parent: Container): AppContainer {
  return new Container({ parent, defaultScope: "Singleton" }) as AppContainer;
}

/**
 * The composition root's wiring: an inversify container with every port bound to its adapter, and the long-lived
 * machines started with their actors provided from those ports, one registration module per area. One instance per
 * service, made when first asked for, so a test binds a fake port (FETCH, LOCAL_STORAGE, Navigation, ...) in a child
 * container (`new Container({ parent })`) and resolves from the child; the build-time render rebinds them here.
 * Views resolve what they need from this container through React context. The signed-in screens' machines resolve
 * asynchronously (`getAsync`), as their code loads on demand.
 */
export function createContainer(settings: PlatformSettings): AppContainer {
  const container = new Container({ defaultScope: "Singleton" }) as AppContainer;
  container.load(
    platformModule(settings),
    authModule,
    landingModule,
    dashboardModule,
    settingsModule,
    dealsAndBrandsModule,
    extensionModule,
  );
  return container;
}
