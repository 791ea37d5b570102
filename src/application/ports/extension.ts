/** The browser extension installed in this browser, as it describes itself to the app's page. */
export interface InstalledExtension {
  /** Whether it holds a session of its own already. */
  paired: boolean;
  version: string;
}

/** One extension connected to the account, as Settings lists it. */
export interface ConnectedExtension {
  id: string;
  createdAt: string;
  lastUsedAt: string | null;
  userAgent: string | null;
}

/** The account's side of the extension: pairing codes, and the connected extensions. Failures throw RequestError. */
export abstract class ExtensionGateway {
  /** A one-time code, good for two minutes, that gives an extension a session of its own. */
  abstract createPairingCode(): Promise<string>;
  abstract connectedExtensions(): Promise<ConnectedExtension[]>;
  /** Ends an extension's session; answers the server's confirmation. */
  abstract disconnect(sessionId: string): Promise<string>;
}

/** The extension refused or could not complete a pairing; its message is for a person. */
export class ExtensionPairingError extends Error {
  override readonly name = "ExtensionPairingError";
}

/** The extension installed in this browser, reached through messages on this page. */
export abstract class ExtensionBridge {
  /** The installed extension, or null when none answers. Never throws. */
  abstract detect(): Promise<InstalledExtension | null>;
  /** Hands the extension a pairing code; resolves once it is paired, or throws ExtensionPairingError. */
  abstract pair(code: string): Promise<void>;
}
