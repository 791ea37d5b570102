import { useActorRef, useSelector } from "@xstate/react";
import { useId, useMemo } from "react";
import { emailSettingsViewOf, type EmailSettingsView, type TestReportPhase } from "../../../application/machines/emailSettingsMachine";
import type { EmailPreferences, EmailPreferencesChange, EmailsStopped } from "../../../application/ports/emailSettings";
import { EmailSettingsLogic } from "../../../application/services";
import { button, card, field, heading2, input, label, muted, stack } from "../../components/primitives.css";
import { useLoadedService } from "../../di";
import { sameFields, useAppConfig } from "../../hooks";
import * as emailStyles from "./EmailSettings.css";
import { PanelLoading, PanelRetry } from "./PanelStatus";
import { ReminderLeadTime } from "./ReminderLeadTime";
import * as styles from "./settings.css";
import { dayFormat } from "../../dateFormats";

export interface EmailSettingsCardProps {
  view: EmailSettingsView;
  /** This browser's time zone: offered when the stored one is still the default, UTC. */
  browserTimeZone: string;
  /** The IANA zones to choose from. */
  timeZones: readonly string[];
  /** In demo mode, the local outbox that shows what the demo sends; null otherwise. */
  outboxUrl: string | null;
  onRetry: () => void;
  onChange: (change: EmailPreferencesChange) => void;
  onSendTest: () => void;
}

const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;

/** Settings' "Emails" card: the weekly report and the expiry reminders, when they go out, and a test report. */
export function EmailSettingsCard(props: EmailSettingsCardProps) {
  const { view, onRetry } = props;
  return (
    <section className={`${card} ${stack} ${styles.spaced} ${styles.fullWidth}`} aria-labelledby="email-settings-title">
      <div className={styles.panelHeader}>
        <h2 id="email-settings-title" className={heading2}>
          Emails
        </h2>
        <p className={muted}>A weekly report of your deals, and a reminder before a deal you starred ends, sent to your account email.</p>
      </div>
      {view.kind === "loading" && <PanelLoading text="Loading your email settings..." />}
      {view.kind === "failed" && <PanelRetry error={view.error} onRetry={onRetry} />}
      {view.kind === "ready" && <EmailPreferencesForm {...props} preferences={view.preferences} testReport={view.testReport} />}
      {/* Always there, so a screen reader hears the word when a save starts. */}
      <p className={muted} aria-live="polite">
        {view.kind === "ready" && view.saving ? "Saving..." : ""}
      </p>
    </section>
  );
}

function StoppedNotice({ stopped }: { stopped: EmailsStopped }) {
  return (
    <p className={styles.syncMessage.danger}>
      {`We turned your emails off on ${dayFormat().format(new Date(stopped.at))} because the mail server refused your address: ${stopped.reason}. `}
      Turning a switch back on sends them again.
    </p>
  );
}

function EmailPreferencesForm({
  preferences,
  testReport,
  browserTimeZone,
  timeZones,
  outboxUrl,
  onChange,
  onSendTest,
}: EmailSettingsCardProps & { preferences: EmailPreferences; testReport: TestReportPhase }) {
  const dayId = useId();
  const hourId = useId();
  const zoneId = useId();
  // The stored zone is always a choice, even when this browser does not know it.
  const zones = timeZones.includes(preferences.timeZone) ? timeZones : [preferences.timeZone, ...timeZones];
  const offerBrowserZone = preferences.timeZone === "UTC" && browserTimeZone !== "UTC";
  return (
    <>
      {preferences.emailsStopped && <StoppedNotice stopped={preferences.emailsStopped} />}
      <ul className={emailStyles.switchRows}>
        <EmailSwitch
          title="Weekly report"
          description="Your new deals and the codes that expire soon, once a week."
          on={preferences.weeklyReport}
          onToggle={() => onChange({ weeklyReport: !preferences.weeklyReport })}
        />
        <EmailSwitch
          title="Expiry reminders"
          description="An email before a deal you starred ends, as early as you choose."
          on={preferences.expiryReminders}
          onToggle={() => onChange({ expiryReminders: !preferences.expiryReminders })}
        />
        <EmailSwitch
          title="Deal alerts"
          description="At most one email a day with new deals that match your alerts (below)."
          on={preferences.dealAlerts}
          onToggle={() => onChange({ dealAlerts: !preferences.dealAlerts })}
        />
      </ul>
      <div className={emailStyles.whenFields}>
        {preferences.expiryReminders && <ReminderLeadTime value={preferences.reminderLeadDays} onChange={(days) => onChange({ reminderLeadDays: days })} />}
        {preferences.weeklyReport && (
          <>
            <div className={field}>
              <label htmlFor={dayId} className={label}>
                Report day
              </label>
              <select id={dayId} className={input} value={preferences.reportWeekday} onChange={(event) => onChange({ reportWeekday: Number(event.target.value) })}>
                {WEEKDAYS.map((day, index) => (
                  <option key={day} value={index + 1}>
                    {day}
                  </option>
                ))}
              </select>
            </div>
            <div className={field}>
              <label htmlFor={hourId} className={label}>
                Report hour
              </label>
              <select id={hourId} className={input} value={preferences.reportHour} onChange={(event) => onChange({ reportHour: Number(event.target.value) })}>
                {HOURS.map((hour) => (
                  <option key={hour} value={hour}>
                    {hourLabel(hour)}
                  </option>
                ))}
              </select>
            </div>
          </>
        )}
        <div className={field}>
          <label htmlFor={zoneId} className={label}>
            Time zone
          </label>
          <select id={zoneId} className={input} value={preferences.timeZone} onChange={(event) => onChange({ timeZone: event.target.value })}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </select>
        </div>
      </div>
      {offerBrowserZone && (
        <p className={emailStyles.offer}>
          <span>{`Your emails go out on UTC time. Your browser is on ${browserTimeZone}.`}</span>
          <button type="button" className={button.secondary} onClick={() => onChange({ timeZone: browserTimeZone })}>
            {`Use ${browserTimeZone}`}
          </button>
        </p>
      )}
      <div className={emailStyles.testRow}>
        <button type="button" className={button.secondary} disabled={testReport.kind === "sending"} aria-busy={testReport.kind === "sending"} onClick={onSendTest}>
          {testReport.kind === "sending" ? "Sending..." : "Send me a test report"}
        </button>
        {outboxUrl && (
          <a href={outboxUrl} target="_blank" rel="noopener">
            Open the demo outbox
          </a>
        )}
      </div>
      {testReport.kind === "sent" && <p role="status">{testReport.message}</p>}
      {testReport.kind === "failed" && <p role="alert">{testReport.error}</p>}
    </>
  );
}

function EmailSwitch({ title, description, on, onToggle }: { title: string; description: string; on: boolean; onToggle: () => void }) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <li className={styles.brandRow}>
      <button type="button" role="switch" aria-checked={on} aria-labelledby={titleId} aria-describedby={descriptionId} className={styles.switchTrack} onClick={onToggle}>
        <span className={styles.switchThumb} />
      </button>
      <span className={styles.brandText}>
        <span id={titleId} className={styles.brandName}>
          {title}
        </span>
        <span id={descriptionId} className={styles.brandDomain}>
          {description}
        </span>
      </span>
    </li>
  );
}

/** The card with its own machine, started when Settings opens and stopped when it closes. */
export function EmailSettings() {
  const actor = useActorRef(useLoadedService(EmailSettingsLogic));
  const view = useSelector(actor, emailSettingsViewOf, sameFields);
  const config = useAppConfig();
  const timeZones = useMemo(() => Intl.supportedValuesOf("timeZone"), []);
  return (
    <EmailSettingsCard
      view={view}
      browserTimeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
      timeZones={timeZones}
      outboxUrl={config?.demoMode ? config.outboxUrl : null}
      onRetry={() => actor.send({ type: "RETRY" })}
      onChange={(change) => actor.send({ type: "CHANGE", change })}
      onSendTest={() => actor.send({ type: "SEND_TEST" })}
    />
  );
}
