import { Component, type ErrorInfo, type ReactNode } from "react";
import { button, centered, heading1, muted, page, stack } from "./primitives.css";

interface State {
  failed: boolean;
}

/** Keeps a failing screen (or a page chunk that did not download) from blanking the whole app. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error("A screen failed to render", error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ScreenFailed onReload={() => window.location.reload()} />;
  }
}

export function ScreenFailed({ onReload }: { onReload: () => void }) {
  return (
    <div className={`${page} ${stack} ${centered}`} role="alert">
      <h1 className={heading1}>Something went wrong</h1>
      <p className={muted}>This page could not be shown. Reloading usually fixes it.</p>
      <div>
        <button type="button" className={button.primary} onClick={onReload}>
          Reload
        </button>
      </div>
    </div>
  );
}
