import { inject, injectable } from "inversify";
import { OfflineCopy, type SavedDashboard } from "../../application/ports/offlineCopy";
import type { Dashboard } from "../../domain/dashboard";
import { HTTP_CONFIG, type HttpConfig } from "../http/httpClient";
import { nextTask } from "../platform/nextTask";

import { OFFLINE_CACHE } from "./offlineCache";

const OWNER_HEADER = "X-Deal-Finder-User";
const SAVED_AT_HEADER = "X-Deal-Finder-Saved-At";

/** Where the browser has no Cache Storage (an insecure origin, the build-time render) nothing is kept. */
function cacheStorage(): CacheStorage | null {
  return typeof caches === "undefined" ? null : caches;
}

/** Deals written to JSON in one task at most; thousands at once would hold the page for a noticeable moment. */
const DEALS_PER_TASK = 250;

/**
 * The dashboard as JSON, its deals a slice per task, so that keeping the copy never blocks the page for long: the first
 * slice too, which would otherwise join the task that added the last deals and rendered them. Each slice becomes a
 * Blob in its own task: a Blob encodes its text when made, and one Blob of every slice's text at the end was one long
 * task again.
 */
async function jsonInSlices({ deals, ...rest }: Dashboard): Promise<Blob> {
  const others = JSON.stringify(rest);
  const parts: Blob[] = [new Blob([others === "{}" ? "{" : `${others.slice(0, -1)},`, '"deals":['])];
  for (let start = 0; start < deals.length; start += DEALS_PER_TASK) {
    await nextTask();
    const slice = deals.slice(start, start + DEALS_PER_TASK).map((deal) => JSON.stringify(deal));
    parts.push(new Blob([start > 0 ? "," : "", slice.join(",")]));
  }
  parts.push(new Blob(["]}"]));
  return new Blob(parts, { type: "application/json" });
}

/**
 * The copy as the dashboard's own answer, under its API address in Cache Storage (the page's, not the service
 * worker's: the worker caches no API answer), with whose it is and when it was kept in headers.
 */
@injectable()
export class CacheStorageOfflineCopy extends OfflineCopy {
  constructor(@inject(HTTP_CONFIG) private readonly http: HttpConfig) {
    super();
  }

  private address(): string {
    return new URL(`${this.http.baseUrl}/dashboard-products`, location.href).href;
  }

  async save(userId: string, dashboard: Dashboard, savedAt: Date): Promise<void> {
    const storage = cacheStorage();
    if (!storage) return;
    // One person's copy at most: whatever was kept goes first.
    await storage.delete(OFFLINE_CACHE);
    const cache = await storage.open(OFFLINE_CACHE);
    const headers = { "Content-Type": "application/json", [OWNER_HEADER]: userId, [SAVED_AT_HEADER]: savedAt.toISOString() };
    await cache.put(this.address(), new Response(await jsonInSlices(dashboard), { headers }));
  }

  async read(userId: string): Promise<SavedDashboard | null> {
    const storage = cacheStorage();
    if (!storage || !(await storage.has(OFFLINE_CACHE))) return null;
    const answer = await (await storage.open(OFFLINE_CACHE)).match(this.address());
    if (!answer) return null;
    const savedAt = answer.headers.get(SAVED_AT_HEADER);
    if (answer.headers.get(OWNER_HEADER) !== userId || !savedAt) {
      await this.clear();
      return null;
    }
    // Written by this page from an answer it had decoded, so it is read back as it was written.
    return { dashboard: (await answer.json()) as Dashboard, savedAt };
  }

  async clear(): Promise<void> {
    await cacheStorage()?.delete(OFFLINE_CACHE);
  }
}
