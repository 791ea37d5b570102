import { useEffect, useState } from "react";
import { OFFLINE_STATE } from "../../../application/offlineStateKey";
import { useServicePromise } from "../../di";
import * as styles from "./OfflineNotice.css";
import { englishDayAndTimeFormat } from "../../dateFormats";

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
            — showing your deals as of <time dateTime={savedAt}>{englishDayAndTimeFormat().format(new Date(savedAt))}</time>
          </span>
        </>
      )}
    </div>
  );
}

/** When the dashboard shown is the copy kept for reading offline (ISO 8601), else null; followed once it has loaded. */
export function useOfflineCopySavedAt(): string | null {
  const loading = useServicePromise(OFFLINE_STATE);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    void loading.then((state) => {
      if (!live) return;
      const update = () => setSavedAt(state.shownCopySavedAt());
      update();
      unsubscribe = state.subscribe(update);
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [loading]);
  return savedAt;
}
