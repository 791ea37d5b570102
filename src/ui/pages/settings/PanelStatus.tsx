import { muted } from "../../components/primitives.css";
import { emptyState, emptyTitle } from "./settings.css";

/** The panels' shared error line (SPEC section 8). */
export function PanelError({ message }: { message: string }) {
  return <p role="alert">{`Error: ${message}. Please try refreshing the page.`}</p>;
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
