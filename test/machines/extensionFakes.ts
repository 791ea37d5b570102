import { ExtensionBridge, ExtensionGateway, type ConnectedExtension, type InstalledExtension } from "../../src/application/ports/extension";
import type { ControlledAuthGateway } from "./fakePorts";

/** The extension's gateway as a controlled fake: each call waits for the test to settle it. */
export class ControlledExtensionGateway extends ExtensionGateway {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  createPairingCode(): Promise<string> {
    return this.calls.call("createPairingCode");
  }
  connectedExtensions(): Promise<ConnectedExtension[]> {
    return this.calls.call("connectedExtensions");
  }
  disconnect(sessionId: string): Promise<string> {
    return this.calls.call("disconnect", ` ${sessionId}`);
  }
}

/** The page's bridge to the extension as a controlled fake. */
export class ControlledExtensionBridge extends ExtensionBridge {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  detect(): Promise<InstalledExtension | null> {
    return this.calls.call("detect");
  }
  pair(code: string): Promise<void> {
    return this.calls.call("pair", ` ${code}`);
  }
}
