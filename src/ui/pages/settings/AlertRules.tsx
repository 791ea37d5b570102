import { useActorRef, useSelector } from "@xstate/react";
import { useId, useState, type FormEvent } from "react";
import { alertRulesViewOf, type AlertRulesView } from "../../../application/machines/alertRulesMachine";
import type { AlertRulesOverview } from "../../../application/ports/alertRules";
import { AlertRulesLogic } from "../../../application/services";
import { describeRule, type AlertRule, type AlertRuleKind } from "../../../domain/alertRules";
import { button, card, field, heading2, input, label, muted, stack } from "../../components/primitives.css";
import { useLoadedService } from "../../di";
import { sameFields } from "../../hooks";
import * as alertStyles from "./AlertRules.css";
import { EmptyState, PanelLoading, PanelRetry } from "./PanelStatus";
import * as styles from "./settings.css";

export interface AlertRulesCardProps {
  view: AlertRulesView;
  onRetry: () => void;
  onAdd: (rule: AlertRule) => void;
  onRemove: (ruleId: string) => void;
}

/** The thresholds offered: whole tens, and 25 and 75, which mail often states. */
const PERCENTS = [10, 20, 25, 30, 40, 50, 60, 70, 75] as const;
/** The brand select's value for "brands I follow" (a brand name is never empty). */
const FOLLOWED = "";

/** Settings' "Deal alerts" card: the person's alert rules, each with Remove, and a form to add one. */
export function AlertRulesCard({ view, onRetry, onAdd, onRemove }: AlertRulesCardProps) {
  return (
    <section className={`${card} ${stack} ${styles.spaced}`} aria-labelledby="alert-rules-title">
      <div className={styles.panelHeader}>
        <h2 id="alert-rules-title" className={heading2}>
          Deal alerts
        </h2>
        <p className={muted}>
          Get one short email a day when new deals match. Brands you follow are those whose deals you starred with Remind me.
        </p>
      </div>
      {view.kind === "loading" && <PanelLoading text="Loading your alerts..." />}
      {view.kind === "failed" && <PanelRetry error={view.error} onRetry={onRetry} />}
      {view.kind === "ready" && <AlertRulesForm overview={view.overview} saving={view.saving} error={view.error} onAdd={onAdd} onRemove={onRemove} />}
      {/* Always there, so a screen reader hears the word when a change starts. */}
      <p className={muted} aria-live="polite">
        {view.kind === "ready" && view.saving ? "Saving..." : ""}
      </p>
    </section>
  );
}

function AlertRulesForm({
  overview,
  saving,
  error,
  onAdd,
  onRemove,
}: { overview: AlertRulesOverview; saving: boolean; error: string | null } & Pick<AlertRulesCardProps, "onAdd" | "onRemove">) {
  const kindId = useId();
  const percentId = useId();
  const brandId = useId();
  const [kind, setKind] = useState<AlertRuleKind>("percent");
  const [percent, setPercent] = useState<number>(30);
  const [brand, setBrand] = useState<string>(FOLLOWED);
  const full = overview.rules.length >= overview.maxRules;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = brand === FOLLOWED ? null : brand;
    onAdd(kind === "percent" ? { kind, minPercent: percent, brand: chosen } : { kind, brand: chosen });
  };
  return (
    <>
      {overview.rules.length === 0 ? (
        <EmptyState title="No alerts yet" hint="Add one below, such as 30% or more from brands you follow." />
      ) : (
        <ul className={alertStyles.list} aria-label="Your alerts">
          {overview.rules.map((rule) => {
            const words = describeRule(rule);
            return (
              <li key={rule.id} className={`${styles.brandRow} ${alertStyles.wraps}`}>
                <span className={`${styles.brandText} ${styles.brandName}`}>{words}</span>
                <button type="button" className={button.secondary} disabled={saving} onClick={() => onRemove(rule.id)} aria-label={`Remove alert: ${words}`}>
                  Remove
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <form className={alertStyles.form} onSubmit={submit} aria-label="Add an alert">
        <div className={field}>
          <label htmlFor={kindId} className={label}>
            Alert me about
          </label>
          <select id={kindId} className={input} value={kind} onChange={(event) => setKind(event.target.value as AlertRuleKind)}>
            <option value="percent">A percent off or more</option>
            <option value="code">Any code</option>
          </select>
        </div>
        {kind === "percent" && (
          <div className={field}>
            <label htmlFor={percentId} className={label}>
              At least
            </label>
            <select id={percentId} className={input} value={percent} onChange={(event) => setPercent(Number(event.target.value))}>
              {PERCENTS.map((value) => (
                <option key={value} value={value}>{`${value}% off`}</option>
              ))}
            </select>
          </div>
        )}
        <div className={field}>
          <label htmlFor={brandId} className={label}>
            From
          </label>
          <select id={brandId} className={input} value={brand} onChange={(event) => setBrand(event.target.value)}>
            <option value={FOLLOWED}>Brands I follow</option>
            {overview.brands.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={button.primary} disabled={saving || full}>
          Add alert
        </button>
      </form>
      <p className={muted}>{full ? `You have ${overview.maxRules} alerts, the most you can keep. Remove one to add another.` : `${overview.rules.length} of ${overview.maxRules} alerts.`}</p>
      {error && <p role="alert">{error}</p>}
    </>
  );
}

/** The card with its own machine, started when Settings opens and stopped when it closes. */
export function AlertRules() {
  const actor = useActorRef(useLoadedService(AlertRulesLogic));
  const view = useSelector(actor, alertRulesViewOf, sameFields);
  return (
    <AlertRulesCard
      view={view}
      onRetry={() => actor.send({ type: "RETRY" })}
      onAdd={(rule) => actor.send({ type: "ADD", rule })}
      onRemove={(ruleId) => actor.send({ type: "REMOVE", ruleId })}
    />
  );
}
