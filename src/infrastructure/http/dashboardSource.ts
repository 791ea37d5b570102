import { inject, injectable } from "inversify";
import { DashboardSource, type LiveQuery } from "../../application/ports/deals";
import type { OfflineCopy } from "../../application/ports/offlineCopy";
import { CacheStorageOfflineCopy } from "../offline/cacheStorageOfflineCopy";
import { SessionStore } from "../../application/ports/session";
import { OfflineState } from "../../application/offlineState";
import { isRequestError } from "../../application/errors";
import { Clock } from "../../application/ports/platform";
import type { Dashboard } from "../../domain/dashboard";
import { DataCache } from "../cache/dataCache";
import { DashboardCodec, DashboardDealsPageCodec } from "../../contract";
import { HttpClient } from "./httpClient";
import { nextTask } from "../platform/nextTask";

/** The cache key of the dashboard answer. */
export const DASHBOARD_KEY = "dashboard";

/** Attempts at each further page of deals, waiting 1 s, then 2 s, between them. */
const PAGE_ATTEMPTS = 3;
/** After the first page, further pages are added together, at most this often (fillIn says why). */
const GROW_EVERY_MS = 3_000;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * GET /dashboard-products through the data cache: the first answer (the figures and a screenful of deals) is shown as
 * soon as it arrives, and the rest of the deals are fetched page by page after it and added to the cached answer.
 * The whole answer is kept on the device for reading offline; when the server cannot be reached, that copy is the
 * answer, and the offline state says since when (ports/offlineCopy.ts). Reading it needs no token, so no refresh.
 */
@injectable()
export class CachedDashboardSource extends DashboardSource {
  /** Whether the answer shown is the copy kept on the device, and since when (the offline notice follows it). */
  readonly offline = new OfflineState();

  constructor(
    @inject(DataCache) private readonly cache: DataCache,
    @inject(HttpClient) private readonly http: HttpClient,
    // The adapter itself, made with this one: it loads with the dashboard, not with every page's script.
    @inject(CacheStorageOfflineCopy) private readonly offlineCopy: OfflineCopy,
    @inject(SessionStore) private readonly session: SessionStore,
    @inject(Clock) private readonly clock: Clock,
  ) {
    super();
  }

  watch(): LiveQuery<Dashboard> {
    return this.cache.watch([DASHBOARD_KEY], async () => {
      let dashboard: Dashboard;
      try {
        // Silent: the dashboard says itself that it could not load (one message, not one toast per retry).
        dashboard = await this.http.get("/dashboard-products", DashboardCodec, { silent: true });
      } catch (error) {
        const saved = isRequestError(error) && error.status === null ? await this.savedCopy() : null;
        if (!saved) throw error;
        this.offline.showingCopy(saved.savedAt);
        return saved.dashboard;
      }
      this.offline.showingCopy(null);
      // Handing the answer over in a task of its own keeps the decoding out of the render's long task.
      await nextTask();
      if (dashboard.nextCursor !== null) void this.fillIn(dashboard.nextCursor);
      else this.keepForOffline(dashboard);
      return dashboard;
    });
  }

  private async savedCopy() {
    const user = this.session.storedUser();
    return user ? this.offlineCopy.read(user.id).catch(() => null) : null;
  }

  /** Keeps the whole answer, once every deal is in it, as the signed-in person's copy for reading offline. */
  private keepForOffline(dashboard: Dashboard): void {
    const user = this.session.storedUser();
    // Kept for whoever is signed in now: an answer that arrives after they signed out is nobody's to keep.
    if (user) void this.offlineCopy.save(user.id, dashboard, this.clock.now()).catch(() => undefined);
  }

  /**
   * Adds the deals after `cursor` to the cached answer. The first page is added at once; the pages after it are kept
   * and added together, when the last has come or GROW_EVERY_MS after the deals last grew: each addition works the
   * whole list out again (order, filters, counts) and renders, so one per page would hold the page busy page after
   * page. A page is added only to the answer it continues: once a newer answer has replaced that one (a refresh), this
   * stops, and the newer answer's own filling goes on.
   */
  private async fillIn(cursor: string): Promise<void> {
    /** Where the cached answer's deals end; the deals fetched after it wait in `kept`. */
    let shownUpTo = cursor;
    let kept: Dashboard["deals"] = [];
    let grewAt: number | null = null;
    for (let after: string | null = cursor; after !== null; ) {
      // After the answer before it has been rendered: the first screen paints before more deals arrive.
      await nextTask();
      const page = await this.pageAfter(after);
      if (page) {
        kept = [...kept, ...page.deals];
        after = page.nextCursor;
      }
      const now = this.clock.now().getTime();
      const lastPage = !page || after === null;
      if (!lastPage && grewAt !== null && now - grewAt < GROW_EVERY_MS) continue;
      // A page that could not be fetched ends the filling: the answer stays as far as it got.
      const added = page || kept.length > 0 ? await this.addDeals(shownUpTo, kept, after) : null;
      if (!added || !page) return;
      if (after === null) this.keepForOffline(added);
      else shownUpTo = after;
      kept = [];
      grewAt = now;
    }
  }

  /** Adds `deals` to the cached answer if it is still the one `continued` goes on from; the answer so grown, or null. */
  private async addDeals(continued: string, deals: Dashboard["deals"], nextCursor: string | null): Promise<Dashboard | null> {
    let added = null as Dashboard | null;
    await this.cache.update<Dashboard>([DASHBOARD_KEY], (dashboard) => {
      if (dashboard.nextCursor !== continued) return dashboard;
      added = { ...dashboard, deals: [...dashboard.deals, ...deals], nextCursor };
      return added;
    });
    return added;
  }

  /** A page of deals, tried a few times; null when it could not be fetched: the answer stays as far as it got. */
  private async pageAfter(cursor: string) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.http.get(`/dashboard-products/deals?after=${encodeURIComponent(cursor)}`, DashboardDealsPageCodec, { silent: true });
      } catch {
        if (attempt >= PAGE_ATTEMPTS) return null;
        await pause(1_000 * attempt);
      }
    }
  }

  refresh(): Promise<void> {
    return this.cache.refetchWatched([DASHBOARD_KEY]);
  }

  markStale(): Promise<void> {
    return this.cache.invalidate([DASHBOARD_KEY], { refetchWatched: false });
  }

  invalidate(): Promise<void> {
    return this.cache.invalidate([DASHBOARD_KEY]);
  }
}
