import { button, muted, stack } from "../../components/primitives.css";
import { emptyState, emptyTitle, startAligned } from "./settings.css";

/** The panels' shared error line (docs/product.md, "Settings"). */
export function PanelError({ message }: { message: string }) {
  return <p role="alert">{`Error: ${message}. Please try refreshing the page.`}</p>;
}

/** A panel whose own data failed to load: the reason and a way to ask again. */
export function PanelRetry({ error, onRetry }: { error: string; onRetry: () => void }) {
  return (
    <div className={stack}>
      <p role="alert">{`Error: ${error}.`}</p>
      <button type="button" className={`${button.secondary} ${startAligned}`} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

export function PanelLoading({ text }: { text: string }) {
  return (
    <p className={muted} role="status">
      {text}
    </p>
  );
}

export function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <div className={emptyState}>
      <p className={emptyTitle}>{title}</p>
      <p>{hint}</p>
    </div>
  );
}
