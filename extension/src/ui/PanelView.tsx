import { useId } from "react";
import { expiryLabel, restatesTitle } from "../../../src/domain/deal";
import type { CodeStanding } from "../domain/cartConditions";
import { formatAmount } from "../../../src/domain/money";
import { describeOutcome, type ApplyOutcome } from "../domain/outcome";
import type { SiteDeal } from "../domain/siteMatch";
import { countOf } from "../../../src/domain/counting";

export interface PanelViewProps {
  deals: SiteDeal[];
  today: Date;
  /** The keys that bring focus back to the panel ("Alt+Shift+D"), or "" when the browser has none set. */
  shortcut: string;
  /** The code being applied now, or null. */
  working: string | null;
  /** What each code tried in this visit did, by code. */
  outcomes: Record<string, ApplyOutcome>;
  /** The code the order keeps after the last run (the best one that worked), or null. */
  keptCode: string | null;
  /** The sentence the status line says after a run ("GLOW20 applied: you save $12.00."), or null before any. */
  summary: string | null;
  /** Where each code stands with the cart as the page shows it now, by code; a code without one is listed as is. */
  standings: Record<string, CodeStanding>;
  /** The codes in the order "Try all codes" takes them, those the cart cannot take after: the list's order. */
  order: string[];
  onApply: (code: string) => void;
  onTryAll: () => void;
  onDismiss: () => void;
}

/** A code's badge: the one the order keeps says so; another that worked says it did, with its saving. */
function badgeOf(outcome: ApplyOutcome, keptCode: string | null): string {
  if (outcome.kind === "rejected") return "Did not work";
  if (outcome.kind === "unknown") return "Not confirmed";
  return `${outcome.code === keptCode ? "Applied" : "Also works"}: saves ${formatAmount(outcome.saving, outcome.notation)}`;
}

/** What the cart means for a code, in a line under it: why it cannot apply, or that the cart reaches its minimum. */
function StandingNote({ standing, skipNoteId }: { standing: CodeStanding | undefined; skipNoteId: string }) {
  if (!standing) return null;
  return (
    <>
      {standing.standing === "cannotApply" ? (
        <span id={skipNoteId} className="standing cannotApply">
          Skipped: {standing.reasons.join("; ")}
        </span>
      ) : null}
      {standing.standing !== "cannotApply" && standing.minimumMet ? <span className="standing qualifies">Your cart qualifies</span> : null}
      {standing.newCustomersOnly ? <span className="standing newCustomers">New customers only: tried last</span> : null}
      {standing.restrictions.length > 0 ? <span className="restrictions">{standing.restrictions.join(" · ")}</span> : null}
    </>
  );
}

/** The on-page panel: this site's codes from the person's own inbox, each with Apply, and Try all codes. */
export function PanelView({ deals, today, shortcut, working, outcomes, keptCode, summary, standings, order, onApply, onTryAll, onDismiss }: PanelViewProps) {
  const titleId = useId();
  const noteIdOf = (code: string) => `${titleId}-skip-${code}`;
  const busy = working !== null;
  const codeCount = deals.reduce((count, deal) => count + deal.codes.length, 0);
  const place = (code: string) => (order.includes(code) ? order.indexOf(code) : order.length);
  const rows = deals
    .flatMap((deal) => deal.codes.map((code) => ({ deal, ...code })))
    .map((row, index) => ({ row, index }))
    .sort((a, b) => place(a.row.code) - place(b.row.code) || a.index - b.index)
    .map(({ row }) => row);
  return (
    // Focusable, so that the keyboard command can take a person straight here from anywhere on the shop's page.
    <section className="panel" role="dialog" aria-labelledby={titleId} tabIndex={-1}>
      <header className="header">
        <h2 id={titleId} className="title">
          Deal Finder
        </h2>
        <button type="button" className="dismiss" onClick={onDismiss}>
          Dismiss on this site
        </button>
      </header>
      <p className="lead">
        {countOf(codeCount, "code")} from your inbox for {deals[0]?.brand ?? "this shop"}.
      </p>
      <p className="status" role="status">
        {working ? `Trying ${working}…` : summary}
      </p>
      <ul className="codes">
        {rows.map(({ deal, code, condition }) => {
          const outcome = outcomes[code];
          const standing = standings[code];
          // The code's own condition, else the deal's discount: after the title only when it says something new.
          const detail = condition ?? deal.discount;
          return (
            <li key={`${deal.id}-${code}`} className="code">
              <div className="codeText">
                <code className="value">{code}</code>
                <span className="deal">{detail && !restatesTitle(detail, deal.title) ? `${deal.title} · ${detail}` : deal.title}</span>
                <span className="expiry">{expiryLabel(deal.expirationDate, today)}</span>
                <StandingNote standing={standing} skipNoteId={noteIdOf(code)} />
                {outcome ? <span className={`badge ${outcome.kind}`}>{badgeOf(outcome, keptCode)}</span> : null}
              </div>
              {/* A skipped code can still be applied by hand (the shop has the last word); its button says why it was skipped. */}
              <button
                type="button"
                className="apply"
                onClick={() => onApply(code)}
                disabled={busy}
                aria-label={`Apply ${code}`}
                aria-describedby={standing?.standing === "cannotApply" ? noteIdOf(code) : undefined}
              >
                {working === code ? "Applying…" : "Apply"}
              </button>
            </li>
          );
        })}
      </ul>
      {codeCount > 1 ? (
        <button type="button" className="tryAll" onClick={onTryAll} disabled={busy}>
          Try all codes
        </button>
      ) : null}
      {shortcut ? (
        <p className="hint">
          <kbd>{shortcut}</kbd> brings you back here from anywhere on the page.
        </p>
      ) : null}
    </section>
  );
}

/** What the status line adds about the codes a run skipped: the one with its reason, or how many. */
function skippedSentence(skipped: readonly CodeStanding[]): string | null {
  if (skipped.length === 0) return null;
  if (skipped.length === 1) return `Skipped ${skipped[0]!.code}: ${skipped[0]!.reasons.join("; ")}.`;
  return `Skipped ${skipped.length} codes this cart cannot take.`;
}

/** The status line's sentence for a finished run. */
export function summaryOf(outcome: ApplyOutcome | null, noField: boolean, skipped: readonly CodeStanding[] = []): string | null {
  if (noField) return "The coupon field of this page could not be used. You can copy a code instead.";
  if (!outcome) return skipped.length > 0 ? `No code can apply to this cart yet. ${skippedSentence(skipped)} You can still try one.` : null;
  return [describeOutcome(outcome), skippedSentence(skipped)].filter(Boolean).join(" ");
}
