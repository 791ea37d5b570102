import type { ReactNode } from "react";
import type { DealDetailView } from "../../../application/machines/dealDetailMachine";
import type { StatusChange } from "../../../application/machines/dealStatusMachine";
import type { DealCorrectionPanel } from "./DealCorrection";
import { DealActionsContext, type DealActions } from "./DealDetailActions";
import { DealDetailDialog } from "./DealDetailDialog";
import { DealDetailUndoBar } from "./DealDetailUndoBar";

/** What a page that lists deals gives its cards: their detail and status actions, and what those show. */
export interface DealDetailTools {
  actions: DealActions;
  detail: DealDetailView;
  /** "Correct this deal" in the Details; left out where a page offers no corrections. */
  correction?: DealCorrectionPanel;
  undoableChange: StatusChange | null;
  onCloseDetail: () => void;
  onRetryDetail: () => void;
  onUndo: () => void;
  onDismissUndo: () => void;
}

/** The deal cards inside it get their Details and status buttons; the detail dialog and the undo bar sit beside them. */
export function DealDetailLayer({ tools, sheet, children }: { tools: DealDetailTools; sheet: boolean; children: ReactNode }) {
  return (
    <DealActionsContext value={tools.actions}>
      {children}
      <DealDetailDialog view={tools.detail} sheet={sheet} onClose={tools.onCloseDetail} onRetry={tools.onRetryDetail} correction={tools.correction} />
      <DealDetailUndoBar change={tools.undoableChange} onUndo={tools.onUndo} onDismiss={tools.onDismissUndo} />
    </DealActionsContext>
  );
}
