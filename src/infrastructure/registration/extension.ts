import { ExtensionBridge, ExtensionGateway } from "../../application/ports/extension";
import { Notifier } from "../../application/ports/notifications";
import { ExtensionPairingLogic, ExtensionSessionsLogic } from "../../application/services";
import { HttpExtensionGateway } from "../http/extensionGateway";
import { HttpClient } from "../http/httpClient";
import { WindowExtensionBridge } from "../platform/extensionBridge";
import type { ServiceRegistry } from "../serviceRegistry";

/** The browser extension: pairing it on /extension, and the connected extensions in Settings. */
export function registerExtension(services: ServiceRegistry): void {
  services.bind(ExtensionGateway, (s) => new HttpExtensionGateway(s.get(HttpClient)));
  // Read when first used, not when bound, like the storage: the build-time render has no window.
  services.bind(ExtensionBridge, () => new WindowExtensionBridge(window));
  services.bind(ExtensionPairingLogic, async (s) => {
    const { provideExtensionPairingMachine } = await import("../../application/machines/extensionPairingMachine");
    return provideExtensionPairingMachine({ gateway: s.get(ExtensionGateway), bridge: s.get(ExtensionBridge) });
  });
  services.bind(ExtensionSessionsLogic, async (s) => {
    const { provideExtensionSessionsMachine } = await import("../../application/machines/extensionSessionsMachine");
    return provideExtensionSessionsMachine({ gateway: s.get(ExtensionGateway), notifier: s.get(Notifier) });
  });
}
