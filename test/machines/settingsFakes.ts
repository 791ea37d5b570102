import { GmailGateway, SettingsGateway, type AccountDeletion, type BrandToggleResult, type CallOptions, type SettingsData, type SyncStart, type SyncState } from "../../src/application/ports/settings";
import type { ControlledAuthGateway, EffectLog } from "./fakePorts";
import { alice } from "./fakePorts";

/** How a call was made: a silent call takes no 'Request failed' toast of the HTTP client. */
const how = (options?: CallOptions) => (options?.silent ? " (silent)" : "");

/** The settings gateway as a controlled fake: each call waits for the test to settle it. */
export class ControlledSettingsGateway extends SettingsGateway {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  settings(options?: CallOptions): Promise<SettingsData> {
    return this.calls.call("settings", how(options));
  }
  /** Named per brand and state, so toggles of different brands stay apart. */
  setBrandActive(brandId: string, isActive: boolean, options?: CallOptions): Promise<BrandToggleResult> {
    return this.calls.call(`setBrandState ${brandId} ${isActive ? "active" : "inactive"}`, how(options));
  }
  deleteAccount(options?: CallOptions): Promise<AccountDeletion> {
    return this.calls.call("deleteAccount", how(options));
  }
}

export class ControlledGmailGateway extends GmailGateway {
  constructor(private readonly calls: ControlledAuthGateway) {
    super();
  }
  syncStatus(options?: CallOptions): Promise<SyncState> {
    return this.calls.call("syncStatus", how(options));
  }
  startSync(options?: CallOptions): Promise<SyncStart> {
    return this.calls.call("startSync", how(options));
  }
  disconnect(options?: CallOptions): Promise<string> {
    return this.calls.call("disconnect", how(options));
  }
}

export const recordingNotifier = (log: EffectLog) => ({
  notify: (toast: { title: string; description?: string }) =>
    log.record(`toast ${toast.title}${toast.description ? `: ${toast.description}` : ""}`),
});

export const aliceSettings: SettingsData = {
  brands: [
    { id: "b1", name: "Nike", domain: "nike.com", isActive: true },
    { id: "b2", name: "Adidas", domain: "adidas.com", isActive: false },
  ],
  gmailLabels: [{ id: "CATEGORY_PROMOTIONS", name: "Promotions", isChecked: true, isCustom: false }],
  gmailConnected: true,
  lastSync: "2026-11-20T08:00:00.000Z",
  linkedAccount: alice.email,
  user: alice,
};
