import { inject, injectable } from "inversify";
import { SessionRefreshLock } from "../../application/ports/session";
import { LOCAL_STORAGE, STORAGE_KEYS } from "./localSessionStore";

const LOCK = "deal-finder-session-refresh";
/** A holder's mark: `${MARK}${time, zero-padded}:${digest of the refresh token it left stored}`. */
const MARK = `${LOCK}:stored:`;
/** How long a mark stays up: far longer than a write takes to reach another tab. */
const MARK_MS = 10_000;
/** How long a holder waits, at most, for the last holder's refresh token to reach this tab's storage. */
const CATCH_UP_MS = 2_000;
const POLL_MS = 10;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Web Locks, shared by every tab of the origin. A tab reads localStorage through a copy of its own that another tab's
 * writes reach a moment later (Chromium carries them between processes), so a tab that got the lock could still read
 * the refresh token the last holder spent. Each holder therefore leaves a mark in the lock manager (which every tab
 * reads alike) of the token it left stored, and the next holder waits until its storage holds that token. Where there
 * is no window with Web Locks (an insecure origin, a test) the work runs at once.
 */
@injectable()
export class WebLocksSessionRefreshLock extends SessionRefreshLock {
  constructor(@inject(LOCAL_STORAGE) private readonly storage: Storage) {
    super();
  }

  holding<T>(work: () => Promise<T>): Promise<T> {
    // The window's: Node has Web Locks of its own from v24, shared by a whole process rather than by a browser's tabs.
    const locks = typeof window === "undefined" ? undefined : window.navigator.locks;
    if (!locks) return work();
    return locks.request(LOCK, async () => {
      await this.catchUp(locks);
      try {
        return await work();
      } finally {
        await this.leaveMark(locks);
      }
    });
  }

  private async catchUp(locks: LockManager): Promise<void> {
    const { held = [] } = await locks.query();
    const marks = held.flatMap((lock) => (lock.name?.startsWith(MARK) ? [lock.name] : [])).sort();
    const expected = marks.at(-1)?.split(":").at(-1);
    if (!expected) return;
    const deadline = Date.now() + CATCH_UP_MS;
    while ((await this.storedDigest()) !== expected && Date.now() < deadline) await pause(POLL_MS);
  }

  /** Asked for before the main lock is let go, so the next holder's query sees it. */
  private async leaveMark(locks: LockManager): Promise<void> {
    const name = `${MARK}${String(Date.now()).padStart(15, "0")}:${await this.storedDigest()}`;
    void locks.request(name, { mode: "shared" }, () => pause(MARK_MS)).catch(() => undefined);
  }

  /** A short digest of the stored refresh token ("none" without one): the lock manager never sees the token. */
  private async storedDigest(): Promise<string> {
    const token = this.storage.getItem(STORAGE_KEYS.refreshToken);
    if (!token) return "none";
    const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
    return Array.from(digest.subarray(0, 8), (byte) => byte.toString(16).padStart(2, "0")).join("");
  }
}
