import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useHydrated } from "../hooks";
import * as styles from "./Header.css";

export interface HeaderMenuProps {
  /** What the button shows; its accessible name comes from here too. */
  button: ReactNode;
  buttonClassName: string;
  /** Hides the whole menu at some widths (a class with a media query), or nothing. */
  className?: string;
  /** The items, given a function that closes the menu (a link followed, an action taken). */
  children: (close: () => void) => ReactNode;
}

const ITEMS = "a[href], button:not(:disabled)";

/**
 * A button that shows a panel of links and actions below it (the disclosure pattern): aria-expanded and aria-controls
 * on the button; Tab, or the arrow keys, move through the items; Escape, or taking an item, closes it and gives the
 * focus back to the button; a click elsewhere, or the focus leaving it, closes it.
 */
export function HeaderMenu({ button, buttonClassName, className, children }: HeaderMenuProps) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        trigger.current?.focus();
      }
    };
    document.addEventListener("mousedown", closeOnOutsideClick);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("mousedown", closeOnOutsideClick);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [open]);

  // An item taken closes the menu and leaves with it: focus goes back to the button rather than to the page's start
  // (a dialog the item opens then gives it back there; a page it opens takes it on).
  const closeFromItem = () => {
    if (panel.current?.contains(document.activeElement)) trigger.current?.focus();
    setOpen(false);
  };

  const moveWithArrows = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    // Only the items on screen: an item for phones only is not there on a wide screen (jsdom cannot tell: all are).
    const items = [...(panel.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])].filter((item) => item.checkVisibility?.() ?? true);
    if (items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const step = event.key === "ArrowDown" ? 1 : -1;
    // From the button, Down goes to the first item and Up to the last.
    const next = at === -1 ? (step === 1 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
    items[next]!.focus();
  };

  return (
    <div
      className={`${styles.menuWrapper} ${className ?? ""}`}
      ref={wrapper}
      onKeyDown={open ? moveWithArrows : undefined}
      onBlur={(event) => {
        // Tab past the last item: the focus left, so does the menu.
        if (event.relatedTarget && !wrapper.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={panelId}
        // On a prerendered page, a press before React has hydrated it would be lost.
        disabled={!hydrated}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {button}
      </button>
      {open && (
        <div id={panelId} ref={panel} className={styles.menu}>
          {children(closeFromItem)}
        </div>
      )}
    </div>
  );
}
