import { inject, injectable } from "inversify";
import {
  GmailGateway,
  SettingsGateway,
  type AccountDeletion,
  type BrandToggleResult,
  type CallOptions,
  type SettingsData,
  type SyncStart,
  type SyncState,
} from "../../application/ports/settings";
import { isRequestError } from "../../application/errors";
import { AccountDeletionCodec, BrandToggleCodec, SettingsCodec, StatusMessageCodec, SYNC_ALREADY_RUNNING, SyncStatusCodec } from "../../contract";
import { HttpClient } from "./httpClient";

@injectable()
export class HttpSettingsGateway extends SettingsGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  async settings(options: CallOptions = {}): Promise<SettingsData> {
    return (await this.http.get("/settings", SettingsCodec, options)).data;
  }

  async setBrandActive(brandId: string, isActive: boolean, options: CallOptions = {}): Promise<BrandToggleResult> {
    const path = `/brands/${encodeURIComponent(brandId)}/state`;
    const answer = await this.http.request("PUT", path, BrandToggleCodec, { ...options, body: { active: isActive } });
    return { isActive: answer.is_active, message: answer.message };
  }

  async deleteAccount(options: CallOptions = {}): Promise<AccountDeletion> {
    const { message, googleAccessRevoked, deleted } = await this.http.request("DELETE", "/account", AccountDeletionCodec, options);
    return { message, googleAccessRevoked, deleted };
  }
}

@injectable()
export class HttpGmailGateway extends GmailGateway {
  constructor(@inject(HttpClient) private readonly http: HttpClient) {
    super();
  }

  async syncStatus(options: CallOptions = {}): Promise<SyncState> {
    const answer = await this.http.get("/sync-gmail", SyncStatusCodec, options);
    return {
      syncing: answer.gmail_sync_status === "syncing",
      message: answer.gmail_sync_progress,
      outcome: answer.outcome,
      progress: answer.progress,
      lastSyncAt: answer.last_sync_at ?? null,
      lastSyncFailed: answer.last_sync_failed ?? false,
      nextSyncAt: answer.next_sync_at ?? null,
    };
  }

  async startSync(options: CallOptions = {}): Promise<SyncStart> {
    try {
      return { outcome: "running", message: (await this.http.post("/sync-gmail", StatusMessageCodec, options)).message };
    } catch (error) {
      if (isRequestError(error) && error.status === SYNC_ALREADY_RUNNING.status && error.code === SYNC_ALREADY_RUNNING.code) {
        return { outcome: "already_running", message: SYNC_ALREADY_RUNNING.message };
      }
      throw error;
    }
  }

  async disconnect(options: CallOptions = {}): Promise<string> {
    return (await this.http.post("/disconnect-gmail", StatusMessageCodec, options)).message;
  }
}
