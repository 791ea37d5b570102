import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import * as styles from "./ActionMenu.css";

export interface ActionMenuItem {
  key: string;
  /** What the item says. */
  text: ReactNode;
  /** Its name for a screen reader when the words alone would not say enough. */
  label?: string;
  /** A toggle (a menuitemcheckbox) when set: on or off. */
  checked?: boolean;
  /** False for an item that takes the card away (its button with it): focus is then left to what comes next. */
  returnsFocus?: boolean;
  onSelect: () => void;
}

export interface ActionMenuProps {
  /** The button's name, e.g. "More actions: 25% off home essentials". */
  label: string;
  items: readonly ActionMenuItem[];
  /** -1 while the button sits in a grid cell that is not being worked in (one Tab stop per grid). */
  tabIndex?: number | undefined;
}

/** Below this much room under the button, the menu opens upwards (when there is more room above). */
const ROOM_BELOW_PX = 280;

/**
 * A menu button (the ARIA menu button pattern): Enter, Space or Down open it on its first item, Up on its last; arrows,
 * Home, End and a first letter move among the items; Escape closes it and gives focus back to the button; Tab or a
 * click elsewhere closes it. Choosing an item closes it first and returns focus to the button, so a dialog the item
 * opens gives focus back there when it closes (unless the item takes the button away).
 */
export function ActionMenu({ label, items, tabIndex }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const [above, setAbove] = useState(false);
  /** The menu hangs from the button's right edge, or from its left one when that would leave the screen. */
  const [fromLeft, setFromLeft] = useState(false);
  const [start, setStart] = useState<"first" | "last">("first");
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const itemElements = () => [...(menuRef.current?.querySelectorAll<HTMLElement>("[role^='menuitem']") ?? [])];
  const openMenu = (from: "first" | "last") => {
    const box = buttonRef.current?.getBoundingClientRect();
    setAbove(box !== undefined && window.innerHeight - box.bottom < ROOM_BELOW_PX && box.top > window.innerHeight - box.bottom);
    setStart(from);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  useLayoutEffect(() => {
    if (!open) {
      setFromLeft(false);
      return;
    }
    if ((menuRef.current?.getBoundingClientRect().left ?? 0) < 0) setFromLeft(true);
    const elements = itemElements();
    (start === "first" ? elements[0] : elements.at(-1))?.focus();
  }, [open, start]);

  // A press anywhere outside the menu and its button closes it, leaving focus where the press put it.
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menuRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const elements = itemElements();
    const current = elements.indexOf(document.activeElement as HTMLElement);
    const focusAt = (index: number) => elements[(index + elements.length) % elements.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        focusAt(current + 1);
        break;
      case "ArrowUp":
        focusAt(current - 1);
        break;
      case "Home":
        focusAt(0);
        break;
      case "End":
        focusAt(elements.length - 1);
        break;
      case "Escape":
        close(true);
        break;
      case "Tab":
        // Focus moves on as Tab takes it; the menu only closes.
        setOpen(false);
        return;
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        const letter = event.key.toLowerCase();
        const order = [...elements.slice(current + 1), ...elements.slice(0, current + 1)];
        order.find((element) => element.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
      }
    }
    // The grid around the card must not take these keys too.
    event.preventDefault();
    event.stopPropagation();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    event.stopPropagation();
    openMenu(event.key === "ArrowDown" ? "first" : "last");
  };

  return (
    <div
      className={styles.wrapper}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null) && event.relatedTarget !== null) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-label={label}
        title="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        tabIndex={tabIndex}
        onClick={() => (open ? close(false) : openMenu("first"))}
        onKeyDown={onButtonKeyDown}
      >
        <span aria-hidden="true">⋯</span>
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label={label} className={`${above ? styles.menuAbove : styles.menuBelow} ${fromLeft ? styles.fromLeft : ""}`} onKeyDown={onMenuKeyDown}>
          {items.map((item) => (
            <button
              key={item.key}
              type="button"
              role={item.checked === undefined ? "menuitem" : "menuitemcheckbox"}
              aria-checked={item.checked}
              aria-label={item.label}
              tabIndex={-1}
              className={styles.item}
              onClick={() => {
                close(item.returnsFocus ?? true);
                item.onSelect();
              }}
            >
              {item.text}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
