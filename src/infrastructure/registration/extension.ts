import { ContainerModule } from "inversify";
import { ExtensionBridge, ExtensionGateway } from "../../application/ports/extension";
import { ExtensionPairingLogic, ExtensionSessionsLogic } from "../../application/services";
import { bindFactory, bindLoaded } from "./binding";

const machines = () => import("./extensionMachines");

/** The browser extension: pairing it on /extension, and the connected extensions in Settings. */
export const extensionModule = new ContainerModule(({ bind }) => {
  // Only these screens' machines use these ports, so their adapters (and their codecs) load with the machines.
  bindLoaded(bind, ExtensionGateway, () => machines().then((module) => module.HttpExtensionGateway));
  // Given the window when first asked for, not when bound, like the storage: the build-time render has no window.
  bind(ExtensionBridge).toDynamicValue(() => machines().then((module) => new module.WindowExtensionBridge(window)));
  bindFactory(bind, ExtensionPairingLogic, (s) => machines().then((module) => module.extensionPairingLogic(s)));
  bindFactory(bind, ExtensionSessionsLogic, (s) => machines().then((module) => module.extensionSessionsLogic(s)));
});
