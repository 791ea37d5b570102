import type { FormEvent } from "react";
import { FREQUENCY_LABELS, SHOPPING_FREQUENCIES, type EarlyAccessForm as FormValues } from "../../../domain/earlyAccess";
import { button, card, field, input, label, muted } from "../../components/primitives.css";
import { useHydrated } from "../../hooks";
import * as styles from "./EarlyAccessForm.css";

export interface EarlyAccessFormProps {
  /** Changes after a successful submission, which starts a fresh, empty form. */
  formKey: number;
  submitting: boolean;
  onSubmit: (form: FormValues) => void;
}

/**
 * The beta sign-up. Validation is the machine's (a 'Validation Error' toast), so the browser's own required-field
 * bubbles are turned off with noValidate; the fields still say they are required.
 */
export function EarlyAccessForm({ formKey, submitting, onSubmit }: EarlyAccessFormProps) {
  const hydrated = useHydrated();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onSubmit({
      name: String(data.get("name") ?? ""),
      email: String(data.get("email") ?? ""),
      frequency: String(data.get("frequency") ?? ""),
    });
  };
  return (
    <form key={formKey} className={`${card} ${styles.form}`} onSubmit={submit} noValidate aria-label="Early access">
      <p className={muted}>
        Deal Finder is in beta. Tell us a little about you and we will send an invitation when a place opens.
      </p>
      <div className={field}>
        <label className={label} htmlFor="early-access-name">
          Name <span className={styles.required} aria-hidden="true">*</span>
        </label>
        <input id="early-access-name" className={input} name="name" type="text" autoComplete="name" aria-required="true" />
      </div>
      <div className={field}>
        <label className={label} htmlFor="early-access-email">
          Email <span className={styles.required} aria-hidden="true">*</span>
        </label>
        <input id="early-access-email" className={input} name="email" type="email" autoComplete="email" aria-required="true" />
      </div>
      <div className={field}>
        <label className={label} htmlFor="early-access-frequency">
          How often do you shop online? <span className={styles.required} aria-hidden="true">*</span>
        </label>
        <select id="early-access-frequency" className={input} name="frequency" defaultValue="" aria-required="true">
          <option value="" disabled>
            Choose one
          </option>
          {SHOPPING_FREQUENCIES.map((frequency) => (
            <option key={frequency} value={frequency}>
              {FREQUENCY_LABELS[frequency]}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className={button.primary} disabled={submitting || !hydrated} aria-busy={submitting}>
        {submitting ? "Sending..." : "Request Early Access"}
      </button>
    </form>
  );
}
