import { useState } from "react";
import * as styles from "./FeedbackBanner.css";

export interface FeedbackBannerProps {
  formUrl: string;
  /** Closing it is for good: the page remembers it on this device. */
  onDismiss: () => void;
}

/** The sticky feedback banner, one line on phones (where it says the short version). */
export function FeedbackBanner({ formUrl, onDismiss }: FeedbackBannerProps) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <aside className={styles.banner} aria-label="Feedback">
      <span className={styles.text}>
        <span className={styles.long}>Help us improve Deal Finder and get a chance to win a $100 gift card! </span>
        <span className={styles.short}>Win $100: </span>
        <a className={styles.link} href={formUrl} target="_blank" rel="noreferrer">
          Share your feedback
        </a>
      </span>
      <button
        type="button"
        className={styles.dismiss}
        aria-label="Dismiss feedback banner"
        onClick={() => {
          setOpen(false);
          onDismiss();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </aside>
  );
}
