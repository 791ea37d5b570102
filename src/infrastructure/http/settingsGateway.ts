import {
  GmailGateway,
  SettingsGateway,
  type AccountDeletion,
  type BrandToggleResult,
  type CallOptions,
  type SettingsData,
  type SyncState,
} from "../../application/ports/settings";
import { AccountDeletionCodec, BrandToggleCodec, SettingsCodec, StatusMessageCodec, SyncStatusCodec } from "../../contract";
import type { HttpClient } from "./httpClient";

export class HttpSettingsGateway extends SettingsGateway {
  constructor(private readonly http: HttpClient) {
    super();
  }

  async settings(options: CallOptions = {}): Promise<SettingsData> {
    return (await this.http.get("/settings", SettingsCodec, options)).data;
  }

  async toggleBrand(brandId: string, options: CallOptions = {}): Promise<BrandToggleResult> {
    const answer = await this.http.post(`/api/toggle_brand/${encodeURIComponent(brandId)}`, BrandToggleCodec, options);
    return { isActive: answer.is_active, message: answer.message };
  }

  async deleteAccount(options: CallOptions = {}): Promise<AccountDeletion> {
    const { message, googleAccessRevoked, deleted } = await this.http.request("DELETE", "/account", AccountDeletionCodec, options);
    return { message, googleAccessRevoked, deleted };
  }
}

export class HttpGmailGateway extends GmailGateway {
  constructor(private readonly http: HttpClient) {
    super();
  }

  async syncStatus(options: CallOptions = {}): Promise<SyncState> {
    const answer = await this.http.get("/sync-gmail", SyncStatusCodec, options);
    return {
      syncing: answer.gmail_sync_status === "syncing",
      message: answer.gmail_sync_progress,
      progress: answer.progress,
      lastSyncAt: answer.last_sync_at ?? null,
      lastSyncFailed: answer.last_sync_failed ?? false,
      nextSyncAt: answer.next_sync_at ?? null,
    };
  }

  async startSync(options: CallOptions = {}): Promise<string> {
    return (await this.http.post("/sync-gmail", StatusMessageCodec, options)).message;
  }

  async disconnect(options: CallOptions = {}): Promise<string> {
    return (await this.http.post("/disconnect-gmail", StatusMessageCodec, options)).message;
  }
}
