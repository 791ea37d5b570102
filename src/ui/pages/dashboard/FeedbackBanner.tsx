import { useState } from "react";
import * as styles from "./Dashboard.css";

/** The sticky feedback banner; closing it lasts for this visit. */
export function FeedbackBanner({ formUrl }: { formUrl: string }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className={styles.banner} aria-label="Feedback">
      <span className={styles.bannerText}>
        Help us improve Deal Finder and get a chance to win a $100 gift card!{" "}
        <a className={styles.bannerLink} href={formUrl} target="_blank" rel="noreferrer">
          Share your feedback
        </a>
      </span>
      <button type="button" className={styles.dismiss} aria-label="Dismiss feedback banner" onClick={() => setOpen(false)}>
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
