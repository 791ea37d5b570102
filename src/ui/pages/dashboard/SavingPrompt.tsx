import { useEffect, useId, useRef, useState } from "react";
import type { SavingPrompt as Prompt } from "../../../application/machines/dealStatusMachine";
import { formatMoney, type Money } from "../../../domain/money";
import { parseSavingInput, SAVING_CURRENCIES, SAVING_PROBLEMS } from "../../../domain/savings";
import { button, field, input, label } from "../../components/primitives.css";
import * as styles from "./Savings.css";

export interface SavingPromptProps {
  /** The question while it is asked (the status machine's savingPrompt state), else null. */
  prompt: Prompt | null;
  onRecord: (saving: Money) => void;
  onSkip: () => void;
}

/** The figure as the field shows it: "24.00", "3000" for a currency without cents. */
const fieldText = (saving: Money) => (saving.currency === "JPY" ? String(saving.hundredths / 100) : (saving.hundredths / 100).toFixed(2));

/**
 * "How much did it save you?", after "Used it": optional. The mail's figure (was − now, or a stated "$10 off") is
 * filled in to accept as it is; the person may type another amount and currency, or skip. Self-contained, so it can
 * sit wherever "Used it" is (a card, its menu, the Details).
 */
export function SavingPrompt({ prompt, onRecord, onSkip }: SavingPromptProps) {
  if (!prompt) return null;
  // A new question (another deal) starts from its own figure.
  return <SavingForm key={prompt.dealId} prompt={prompt} onRecord={onRecord} onSkip={onSkip} />;
}

function SavingForm({ prompt, onRecord, onSkip }: SavingPromptProps & { prompt: Prompt }) {
  const [amount, setAmount] = useState(prompt.suggestion ? fieldText(prompt.suggestion) : "");
  const [currency, setCurrency] = useState(prompt.suggestion?.currency ?? "USD");
  const [touched, setTouched] = useState(false);
  const ids = { title: useId(), amount: useId(), currency: useId(), problem: useId() };
  const amountRef = useRef<HTMLInputElement>(null);
  // Asked after a press of "Used it": the question takes the focus, so a keyboard user answers it next.
  useEffect(() => amountRef.current?.focus(), []);
  const parsed = parseSavingInput(amount, currency);
  const problem = touched && !parsed.ok ? SAVING_PROBLEMS[parsed.problem] : null;
  const currencies: readonly string[] = SAVING_CURRENCIES.includes(currency as (typeof SAVING_CURRENCIES)[number]) ? SAVING_CURRENCIES : [currency, ...SAVING_CURRENCIES];
  return (
    <form
      className={styles.prompt}
      aria-labelledby={ids.title}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (parsed.ok) onRecord(parsed.saving);
        else amountRef.current?.focus();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape") onSkip();
      }}
    >
      <h2 id={ids.title} className={styles.promptTitle}>
        How much did “{prompt.title}” save you?
      </h2>
      {prompt.suggestion && <p className={styles.promptHint}>The email says {formatMoney(prompt.suggestion)}.</p>}
      <div className={styles.promptFields}>
        <div className={field}>
          <label htmlFor={ids.amount} className={label}>
            Amount
          </label>
          <input
            ref={amountRef}
            id={ids.amount}
            className={`${input} ${styles.amountInput}`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? ids.problem : undefined}
            onChange={(event) => setAmount(event.target.value)}
          />
        </div>
        <div className={field}>
          <label htmlFor={ids.currency} className={label}>
            Currency
          </label>
          <select id={ids.currency} className={input} value={currency} onChange={(event) => setCurrency(event.target.value)}>
            {currencies.map((code) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={button.primary}>
          {parsed.ok ? `Save ${formatMoney(parsed.saving)}` : "Save"}
        </button>
        <button type="button" className={button.secondary} onClick={onSkip}>
          Skip
        </button>
      </div>
      {problem && (
        <p id={ids.problem} className={styles.promptProblem} role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}
