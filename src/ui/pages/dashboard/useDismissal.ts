import { useCallback, useState } from "react";
import { Dismissals, type DismissibleNotice } from "../../../application/ports/dismissals";
import { useService } from "../../di";

/** Whether the person closed a notice for good on this device, and how to close it. */
export function useDismissal(notice: DismissibleNotice): { dismissed: boolean; dismiss: () => void } {
  const dismissals = useService(Dismissals);
  const [dismissed, setDismissed] = useState(() => dismissals.isDismissed(notice));
  const dismiss = useCallback(() => {
    dismissals.dismiss(notice);
    setDismissed(true);
  }, [dismissals, notice]);
  return { dismissed, dismiss };
}
