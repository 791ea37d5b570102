import { useId } from "react";
import { REMINDER_LEAD_DAYS, reminderLeadLabel, type ReminderLeadDays } from "../../../domain/alertRules";
import { field, input, label } from "../../components/primitives.css";

export interface ReminderLeadTimeProps {
  value: ReminderLeadDays;
  onChange: (days: ReminderLeadDays) => void;
}

/** When a starred deal's reminder goes out: on its last day, or 1, 3 or 7 days before, at the report hour. */
export function ReminderLeadTime({ value, onChange }: ReminderLeadTimeProps) {
  const id = useId();
  return (
    <div className={field}>
      <label htmlFor={id} className={label}>
        Remind me
      </label>
      <select id={id} className={input} value={value} onChange={(event) => onChange(Number(event.target.value) as ReminderLeadDays)}>
        {REMINDER_LEAD_DAYS.map((days) => (
          <option key={days} value={days}>
            {reminderLeadLabel(days)}
          </option>
        ))}
      </select>
    </div>
  );
}
