import { provideExtensionPairingMachine } from "../../application/machines/extensionPairingMachine";
import { provideExtensionSessionsMachine } from "../../application/machines/extensionSessionsMachine";
import { ExtensionBridge, ExtensionGateway } from "../../application/ports/extension";
import { Notifier } from "../../application/ports/notifications";
import type { Services } from "./binding";

// The adapters only these machines use load in the same chunk.
export { HttpExtensionGateway } from "../http/extensionGateway";
export { WindowExtensionBridge } from "../platform/extensionBridge";

/** The /extension page's machine wired to its ports. */
export async function extensionPairingLogic(s: Services) {
  const [gateway, bridge] = await Promise.all([s.getAsync(ExtensionGateway), s.getAsync(ExtensionBridge)]);
  return provideExtensionPairingMachine({ gateway, bridge });
}

/** Settings' "Browser extension" card's machine wired to its ports. */
export async function extensionSessionsLogic(s: Services) {
  return provideExtensionSessionsMachine({ gateway: await s.getAsync(ExtensionGateway), notifier: s.get(Notifier) });
}
