import {
  GmailApiError,
  HistoryExpiredError,
  type GmailApi,
  type GmailHistoryPage,
  type GmailLabelInfo,
  type GmailRawMessage,
} from "../../application/ports";
import type { GmailSyncSettings } from "../../config";
import { TokenBucket } from "./tokenBucket";

/** Quota units per call, as Google charges them for projects created from May 2026. */
const COST = { profile: 1, labels: 1, list: 5, get: 20, history: 2 } as const;

const RATE_LIMIT_REASONS = new Set(["rateLimitExceeded", "userRateLimitExceeded"]);

interface GoogleErrorBody {
  error?: { message?: string; errors?: { reason?: string }[] };
}

/** The Gmail REST API v1 over HTTP, throttled per user and retried with exponential backoff. */
export class GmailHttp implements GmailApi {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly baseUrl: string,
    private readonly settings: GmailSyncSettings,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  async getProfile(accessToken: string, quotaKey: string) {
    const body = await this.call<{ emailAddress: string; historyId: string }>(accessToken, quotaKey, COST.profile, "profile");
    return { emailAddress: body.emailAddress, historyId: String(body.historyId) };
  }

  async listLabels(accessToken: string, quotaKey: string): Promise<GmailLabelInfo[]> {
    const body = await this.call<{ labels?: { id: string; name: string; type?: string }[] }>(accessToken, quotaKey, COST.labels, "labels");
    return (body.labels ?? []).map((label) => ({ id: label.id, name: label.name, type: label.type === "user" ? "user" : "system" }));
  }

  async listMessages(
    accessToken: string,
    quotaKey: string,
    query: { labelIds: readonly string[]; pageToken?: string | null; maxResults?: number },
  ) {
    const params = new URLSearchParams({ maxResults: String(query.maxResults ?? 500) });
    for (const labelId of query.labelIds) params.append("labelIds", labelId);
    if (query.pageToken) params.set("pageToken", query.pageToken);
    const body = await this.call<{ messages?: { id: string }[]; nextPageToken?: string }>(
      accessToken, quotaKey, COST.list, `messages?${params}`,
    );
    return { messages: (body.messages ?? []).map((message) => ({ id: message.id })), nextPageToken: body.nextPageToken ?? null };
  }

  async getRawMessage(accessToken: string, quotaKey: string, id: string): Promise<GmailRawMessage> {
    const body = await this.call<{ id: string; raw?: string; internalDate?: string; labelIds?: string[] }>(
      accessToken, quotaKey, COST.get, `messages/${encodeURIComponent(id)}?format=raw`,
    );
    if (typeof body.raw !== "string") throw new GmailApiError(`Gmail returned message ${id} without its raw content.`, 502);
    const internalDate = body.internalDate ? new Date(Number(body.internalDate)) : null;
    return {
      id: body.id,
      raw: Buffer.from(body.raw, "base64url"),
      internalDate: internalDate && !Number.isNaN(internalDate.getTime()) ? internalDate : null,
      labelIds: body.labelIds ?? [],
    };
  }

  async listHistory(
    accessToken: string,
    quotaKey: string,
    query: { startHistoryId: string; labelId: string; pageToken?: string | null },
  ): Promise<GmailHistoryPage> {
    const params = new URLSearchParams({ startHistoryId: query.startHistoryId, labelId: query.labelId, maxResults: "500" });
    params.append("historyTypes", "messageAdded");
    params.append("historyTypes", "labelAdded");
    if (query.pageToken) params.set("pageToken", query.pageToken);
    type HistoryRecord = { messagesAdded?: { message: { id: string; labelIds?: string[] } }[]; labelsAdded?: { message: { id: string }; labelIds?: string[] }[] };
    const body = await this.call<{ history?: HistoryRecord[]; historyId: string; nextPageToken?: string }>(
      accessToken, quotaKey, COST.history, `history?${params}`, true,
    );
    const added = new Set<string>();
    for (const record of body.history ?? []) {
      for (const { message } of record.messagesAdded ?? []) {
        if (!message.labelIds || message.labelIds.includes(query.labelId)) added.add(message.id);
      }
      for (const change of record.labelsAdded ?? []) {
        if (change.labelIds?.includes(query.labelId)) added.add(change.message.id);
      }
    }
    return { addedMessageIds: [...added], historyId: String(body.historyId), nextPageToken: body.nextPageToken ?? null };
  }

  private bucket(quotaKey: string): TokenBucket | null {
    const perMinute = this.settings.quotaUnitsPerMinute;
    if (perMinute <= 0) return null;
    let bucket = this.buckets.get(quotaKey);
    if (!bucket) {
      // A small burst allowance keeps any rolling minute close to the quota.
      bucket = new TokenBucket(perMinute / 60, Math.max(COST.get, perMinute / 30));
      this.buckets.set(quotaKey, bucket);
    }
    return bucket;
  }

  private async call<T>(accessToken: string, quotaKey: string, cost: number, path: string, historyCall = false): Promise<T> {
    const url = `${this.baseUrl}/gmail/v1/users/me/${path}`;
    for (let attempt = 0; ; attempt++) {
      await this.bucket(quotaKey)?.take(cost);
      let response: Response;
      try {
        response = await fetch(url, { headers: { authorization: `Bearer ${accessToken}` }, signal: AbortSignal.timeout(30_000) });
      } catch (error) {
        if (attempt >= this.settings.maxRetries) throw new GmailApiError(`Gmail could not be reached: ${(error as Error).message}`, 503);
        await this.sleep(this.backoff(attempt, null));
        continue;
      }
      if (response.ok) {
        return (await response.json().catch(() => {
          throw new GmailApiError("Gmail answered with something that is not JSON.", 502);
        })) as T;
      }
      const body = (await response.json().catch(() => ({}))) as GoogleErrorBody;
      if (historyCall && response.status === 404) throw new HistoryExpiredError();
      const reasons = (body.error?.errors ?? []).map((entry) => entry.reason ?? "");
      const retryable =
        response.status === 429 || response.status >= 500 || (response.status === 403 && reasons.some((reason) => RATE_LIMIT_REASONS.has(reason)));
      if (!retryable || attempt >= this.settings.maxRetries) {
        throw new GmailApiError(body.error?.message ?? `Gmail answered ${response.status}.`, response.status);
      }
      await this.sleep(this.backoff(attempt, response.headers.get("retry-after")));
    }
  }

  /** 1 s, 2 s, 4 s ... with a little jitter, or what Retry-After asks for. */
  private backoff(attempt: number, retryAfter: string | null): number {
    const asked = retryAfter ? Number(retryAfter) * 1000 : NaN;
    if (Number.isFinite(asked) && asked > 0) return asked;
    const base = this.settings.backoffBaseMs * 2 ** attempt;
    return base + Math.random() * base * 0.1;
  }
}
