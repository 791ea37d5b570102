import { registerAuth } from "./registration/auth";
import { registerDealsAndBrands } from "./registration/brands";
import { registerDashboard } from "./registration/dashboard";
import { registerExtension } from "./registration/extension";
import { registerLanding } from "./registration/landing";
import { registerPlatform, type PlatformSettings } from "./registration/platform";
import { registerSettings } from "./registration/settings";
import { ServiceRegistry } from "./serviceRegistry";

/**
 * The composition root's wiring: every port bound to its adapter, and the long-lived machines started with their
 * actors provided from those ports, one registration module per area. Nothing is made until it is first asked for,
 * so a test (or the build-time render) rebinds a port, e.g. FETCH, LOCAL_STORAGE or Navigation, before using it.
 * Views resolve what they need from this container through React context.
 */
export function createContainer(settings: PlatformSettings): ServiceRegistry {
  const services = new ServiceRegistry();
  registerPlatform(services, settings);
  registerAuth(services);
  registerLanding(services);
  registerDashboard(services);
  registerSettings(services);
  registerDealsAndBrands(services);
  registerExtension(services);
  return services;
}
