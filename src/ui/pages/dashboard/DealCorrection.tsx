import { useId } from "react";
import type { DealCorrectionView } from "../../../application/machines/dealCorrectionMachine";
import { CATEGORIES } from "../../../domain/category";
import { CORRECTION_LIMITS, correctionSummary, type CorrectionField, type MailFields } from "../../../domain/dealCorrection";
import { shortDay } from "../../../domain/evidence";
import { button, field, heading2, input, label, muted, row, stack } from "../../components/primitives.css";
import { modalDialog } from "../../components/modalDialog.css";
import { useModalDialog } from "../../components/useModalDialog";
import * as styles from "./DealDetail.css";
import * as own from "./DealCorrection.css";

/** What the Details' correction part shows, and what it sends: one object of selectors and actions. */
export interface DealCorrectionPanel {
  view: DealCorrectionView;
  open: () => void;
  edit: (field: CorrectionField, value: string) => void;
  submit: () => void;
  notADeal: () => void;
  cancel: () => void;
  undo: () => void;
  retry: () => void;
}

export const CORRECTION_COPY = {
  heading: "Something wrong?",
  invite: "If the email was read wrong, correct it. Only you see your corrections.",
  action: "Correct this deal",
  undo: "Undo my corrections",
  removed: "You said this is not a deal: it is gone from your deals, counts, emails and the extension.",
  undoRemoved: "Undo: it is a deal",
  loadFailed: "We could not load your corrections.",
  brandNote: "Category and brand name are the brand's: they change all of its deals, and its later emails too.",
} as const;

/** The Details' part on corrections: what the person corrected, "Correct this deal", and Undo. */
export function DealCorrectionSection({ panel }: { panel: DealCorrectionPanel }) {
  const { view } = panel;
  if (view.kind === "none" || view.kind === "loading") return null;
  return (
    <section className={styles.section} aria-labelledby="deal-correction-title">
      <h3 id="deal-correction-title" className={styles.sectionTitle}>
        {CORRECTION_COPY.heading}
      </h3>
      {view.kind === "failed" && (
        <div className={row}>
          <p role="alert">{CORRECTION_COPY.loadFailed}</p>
          <button type="button" className={button.secondary} onClick={panel.retry}>
            Try again
          </button>
        </div>
      )}
      {view.kind === "removed" && (
        <>
          <p role="status">{CORRECTION_COPY.removed}</p>
          <div className={row}>
            <button type="button" className={button.secondary} onClick={panel.undo} disabled={view.busy}>
              {CORRECTION_COPY.undoRemoved}
            </button>
          </div>
        </>
      )}
      {(view.kind === "ready" || view.kind === "editing") && (
        <>
          <p className={muted}>{correctionSummary(view.correction.corrected) ?? CORRECTION_COPY.invite}</p>
          <div className={row}>
            <button type="button" className={button.secondary} onClick={panel.open} aria-haspopup="dialog">
              {CORRECTION_COPY.action}
            </button>
            {correctionSummary(view.correction.corrected) && (
              <button type="button" className={button.ghost} onClick={panel.undo} disabled={view.kind === "ready" && view.busy}>
                {CORRECTION_COPY.undo}
              </button>
            )}
          </div>
        </>
      )}
      {view.kind === "editing" && <DealCorrectionDialog panel={panel} view={view} />}
    </section>
  );
}

const mailSaid = (mail: MailFields, name: CorrectionField): string => {
  // A day as the cards write it ("Sun 29 Nov"), not as it is stored.
  const value = { code: mail.code, endDate: mail.endDate && shortDay(mail.endDate), category: mail.category, brand: mail.brand }[name];
  return value ? `The email said: ${value}` : "The email gave none.";
};

/**
 * The correction form, a native modal dialog on top of the Details: focus starts on the first field and stays inside,
 * Escape and Cancel close it (through the machine), and focus goes back to "Correct this deal".
 */
export function DealCorrectionDialog({ panel, view }: { panel: DealCorrectionPanel; view: Extract<DealCorrectionView, { kind: "editing" }> }) {
  const dialog = useModalDialog();
  const ids = { title: useId(), code: useId(), endDate: useId(), category: useId(), brand: useId(), problem: useId(), note: useId() };
  const { draft, correction, problem, saving } = view;
  const hint = (name: CorrectionField) => `${ids[name]}-hint`;
  const describedBy = (name: CorrectionField) => [hint(name), problem ? ids.problem : null].filter(Boolean).join(" ");
  return (
    <dialog
      ref={dialog}
      className={modalDialog}
      aria-labelledby={ids.title}
      onCancel={(event) => {
        // Escape closes this form only: React would hand the event on to the Details dialog this one sits in.
        event.preventDefault();
        event.stopPropagation();
        panel.cancel();
      }}
    >
      <form
        className={stack}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          panel.submit();
        }}
      >
        <h2 id={ids.title} className={heading2}>
          {CORRECTION_COPY.action}
        </h2>
        <div className={field}>
          <label htmlFor={ids.code} className={label}>
            Code
          </label>
          <input
            id={ids.code}
            className={input}
            value={draft.code}
            maxLength={CORRECTION_LIMITS.codeLength}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            aria-describedby={describedBy("code")}
            onChange={(event) => panel.edit("code", event.target.value)}
          />
          <span id={hint("code")} className={muted}>
            {mailSaid(correction.mail, "code")}
          </span>
        </div>
        <div className={field}>
          <label htmlFor={ids.endDate} className={label}>
            End date
          </label>
          <input
            id={ids.endDate}
            className={input}
            type="date"
            value={draft.endDate}
            aria-describedby={describedBy("endDate")}
            onChange={(event) => panel.edit("endDate", event.target.value)}
          />
          <span id={hint("endDate")} className={muted}>
            {mailSaid(correction.mail, "endDate")}
          </span>
        </div>
        <p id={ids.note} className={muted}>
          {CORRECTION_COPY.brandNote}
        </p>
        <div className={field}>
          <label htmlFor={ids.category} className={label}>
            Category
          </label>
          <select
            id={ids.category}
            className={input}
            value={draft.category}
            aria-describedby={`${describedBy("category")} ${ids.note}`}
            onChange={(event) => panel.edit("category", event.target.value)}
          >
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </select>
          <span id={hint("category")} className={muted}>
            {mailSaid(correction.mail, "category")}
          </span>
        </div>
        <div className={field}>
          <label htmlFor={ids.brand} className={label}>
            Brand name
          </label>
          <input
            id={ids.brand}
            className={input}
            value={draft.brand}
            maxLength={CORRECTION_LIMITS.brandLength}
            autoComplete="off"
            aria-describedby={`${describedBy("brand")} ${ids.note}`}
            onChange={(event) => panel.edit("brand", event.target.value)}
          />
          <span id={hint("brand")} className={muted}>
            {mailSaid(correction.mail, "brand")}
          </span>
        </div>
        {problem && (
          <p id={ids.problem} role="alert" className={own.problem}>
            {problem}
          </p>
        )}
        <div className={own.actions}>
          <button type="submit" className={button.primary} disabled={saving}>
            {saving ? "Saving..." : "Save"}
          </button>
          <button type="button" className={button.secondary} onClick={panel.cancel} disabled={saving}>
            Cancel
          </button>
          <button type="button" className={`${button.secondary} ${own.notADeal}`} onClick={panel.notADeal} disabled={saving}>
            This is not a deal
          </button>
        </div>
      </form>
    </dialog>
  );
}
