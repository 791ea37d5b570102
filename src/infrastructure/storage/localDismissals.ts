import { inject, injectable } from "inversify";
import { Dismissals, type DismissibleNotice } from "../../application/ports/dismissals";
import { LOCAL_STORAGE } from "./localSessionStore";

/**
 * Keys of our own, beside the session's (STORAGE_KEYS in localSessionStore.ts); unlike those, signing out keeps them:
 * a closed banner stays closed on this device.
 */
export const DISMISSAL_KEYS: Readonly<Record<DismissibleNotice, string>> = {
  feedbackBanner: "feedback_banner_dismissed",
};

@injectable()
export class LocalDismissals extends Dismissals {
  constructor(@inject(LOCAL_STORAGE) private readonly storage: Storage) {
    super();
  }

  isDismissed(notice: DismissibleNotice): boolean {
    try {
      return this.storage.getItem(DISMISSAL_KEYS[notice]) !== null;
    } catch {
      // Storage the browser refuses (a privacy mode): the notice shows, as on a first visit.
      return false;
    }
  }

  dismiss(notice: DismissibleNotice): void {
    try {
      this.storage.setItem(DISMISSAL_KEYS[notice], new Date().toISOString());
    } catch {
      // Not remembered: the notice is closed for this visit only.
    }
  }
}
