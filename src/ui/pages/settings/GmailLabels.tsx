import type { SettingsLoad } from "../../../application/machines/settingsMachine";
import { SETTINGS_MESSAGES } from "../../../application/messages";
import type { GmailLabel } from "../../../domain/brand";
import { labelColumns, monitoredLabelCount } from "../../../domain/gmailSettings";
import { badge, card, heading2, muted, stack, visuallyHidden } from "../../components/primitives.css";
import { EmptyState, PanelError, PanelLoading } from "./PanelStatus";
import * as styles from "./settings.css";

export function GmailLabels({ load }: { load: SettingsLoad }) {
  return (
    <section className={`${card} ${stack} ${styles.spaced} ${styles.fullWidth}`} aria-labelledby="gmail-labels-title">
      <h2 id="gmail-labels-title" className={heading2}>
        Gmail Labels
      </h2>
      {load.kind === "loading" && <PanelLoading text="Loading Gmail labels..." />}
      {load.kind === "error" && <PanelError message={load.message} />}
      {load.kind === "ready" &&
        (load.settings.gmailConnected ? (
          <ConnectedLabels labels={load.settings.gmailLabels} />
        ) : (
          <p>{SETTINGS_MESSAGES.gmailNotConnected}</p>
        ))}
      <p className={muted}>Label customization coming soon.</p>
    </section>
  );
}

function ConnectedLabels({ labels }: { labels: GmailLabel[] }) {
  const count = monitoredLabelCount(labels);
  return (
    <>
      <p>Choose which Gmail labels/folders to monitor for promotional emails.</p>
      <p className={muted}>{`Currently monitoring: ${count} label(s)`}</p>
      {labels.length === 0 ? (
        <EmptyState title="No Gmail labels found" hint="Gmail labels will appear here once they are available" />
      ) : (
        <fieldset className={styles.labelFieldset}>
          <legend className={visuallyHidden}>Monitored labels (read-only)</legend>
          <div className={styles.twoColumns}>
          {labelColumns(labels).map((column, index) => (
            <ul key={index} className={styles.labelColumn}>
              {column.map((item) => (
                <li key={item.id} className={styles.labelRow}>
                  {/* Read-only until label customization arrives: the box shows the state, it cannot change it. */}
                  <input type="checkbox" id={`label-${item.id}`} checked={item.isChecked} readOnly disabled />
                  <label htmlFor={`label-${item.id}`}>{item.name}</label>
                  {item.isCustom && <span className={badge}>Custom</span>}
                </li>
              ))}
            </ul>
          ))}
          </div>
        </fieldset>
      )}
    </>
  );
}
