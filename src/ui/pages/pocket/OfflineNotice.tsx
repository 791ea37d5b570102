import { useSyncExternalStore } from "react";
import { OfflineState } from "../../../application/offlineState";
import { useService } from "../../di";
import * as styles from "./OfflineNotice.css";

const keptAtFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Says that the deals on screen are the copy this device kept, not the server's answer, and as of when; nothing while
 * the server answers. A status, so a screen reader hears it when the connection goes.
 */
export function OfflineNotice({ savedAt }: { savedAt: string | null | undefined }) {
  return (
    <div role="status" className={savedAt ? styles.notice : undefined}>
      {savedAt && (
        <>
          <span className={styles.mark}>Offline</span>{" "}
          <span>
            — showing your deals as of <time dateTime={savedAt}>{keptAtFormat.format(new Date(savedAt))}</time>
          </span>
        </>
      )}
    </div>
  );
}

/** When the dashboard shown is the copy kept for reading offline (ISO 8601), else null. */
export function useOfflineCopySavedAt(): string | null {
  const state = useService(OfflineState);
  return useSyncExternalStore(state.subscribe, state.shownCopySavedAt, () => null);
}
