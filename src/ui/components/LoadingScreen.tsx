import { centered, page, spinner, stack } from "./primitives.css";

export function LoadingScreen({ label = "Loading..." }: { label?: string }) {
  return (
    <div className={`${page} ${stack} ${centered}`} role="status" aria-live="polite">
      <div>
        <span className={spinner} aria-hidden="true" />
      </div>
      <p>{label}</p>
    </div>
  );
}
