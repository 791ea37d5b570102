import type { ReactNode } from "react";
import type { DealDetailView } from "../../../application/machines/dealDetailMachine";
import type { SavingPrompt as Prompt, StatusChange } from "../../../application/machines/dealStatusMachine";
import type { Money } from "../../../domain/money";
import type { DealCorrectionPanel } from "./DealCorrection";
import { DealActionsContext, type DealActions } from "./DealDetailActions";
import { DealDetailDialog } from "./DealDetailDialog";
import { DealDetailUndoBar } from "./DealDetailUndoBar";
import { SavingPrompt } from "./SavingPrompt";

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
  /** "How much did it save you?" after "Used it"; left out where a page does not ask. */
  saving?: { prompt: Prompt | null; onRecord: (saving: Money) => void; onSkip: () => void };
}

/** The deal cards inside it get their Details and status buttons; the detail dialog and the undo bar sit beside them. */
export function DealDetailLayer({ tools, sheet, children }: { tools: DealDetailTools; sheet: boolean; children: ReactNode }) {
  return (
    <DealActionsContext value={tools.actions}>
      {children}
      <DealDetailDialog view={tools.detail} sheet={sheet} onClose={tools.onCloseDetail} onRetry={tools.onRetryDetail} correction={tools.correction} />
      {tools.saving && <SavingPrompt prompt={tools.saving.prompt} onRecord={tools.saving.onRecord} onSkip={tools.saving.onSkip} />}
      <DealDetailUndoBar change={tools.undoableChange} onUndo={tools.onUndo} onDismiss={tools.onDismissUndo} askingAbout={tools.saving?.prompt?.dealId ?? null} />
    </DealActionsContext>
  );
}
