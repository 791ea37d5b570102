import { useEffect, useId, useRef, useState } from "react";
import { Link } from "wouter";
import { button, visuallyHidden } from "./primitives.css";
import * as styles from "./Header.css";

export interface HeaderUser {
  displayName: string;
  email: string;
  initials: string;
}

export interface HeaderProps {
  /** Null for a visitor. */
  user: HeaderUser | null;
  demoMode: boolean;
  extensionStoreUrl: string | null;
  onLogout: () => void;
}

/** The global header: visitors get Login and Register, signed-in people a user menu. */
export function Header({ user, demoMode, extensionStoreUrl, onLogout }: HeaderProps) {
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link href="/" className={styles.brand}>
          <svg aria-hidden="true" width="28" height="28" viewBox="0 0 64 64">
            <rect width="64" height="64" rx="14" fill="currentColor" opacity="0.15" />
            <path d="M18 20h16l12 12-14 14-14-14z" fill="currentColor" />
            <circle cx="26" cy="28" r="3" fill="#fff" />
          </svg>
          Deal Finder
        </Link>
        <nav className={styles.nav} aria-label="Main">
          {demoMode && <span className={styles.demoBadge}>Demo mode</span>}
          <a
            className={`${button.ghost} ${styles.hideOnSmall}`}
            href={extensionStoreUrl ?? "#extension"}
            target={extensionStoreUrl ? "_blank" : undefined}
            rel="noreferrer"
          >
            Install Extension
          </a>
          {user ? (
            <UserMenu user={user} onLogout={onLogout} />
          ) : (
            <>
              <Link href="/login" className={button.ghost}>
                Login
              </Link>
              <Link href="/register" className={button.primary}>
                Register
              </Link>
            </>
          )}
        </nav>
      </div>
    </header>
  );
}

function UserMenu({ user, onLogout }: { user: HeaderUser; onLogout: () => void }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    const closeOnEscape = (event: KeyboardEvent) => {
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

  return (
    <div className={styles.menuWrapper} ref={wrapper}>
      <button
        ref={trigger}
        type="button"
        className={styles.avatar}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        <span aria-hidden="true">{user.initials}</span>
        <span className={visuallyHidden}>Account menu for {user.displayName}</span>
      </button>
      {open && (
        <div id={menuId} className={styles.menu}>
          <div className={styles.menuIdentity}>
            <div>
              <strong>{user.displayName}</strong>
            </div>
            <div>{user.email}</div>
          </div>
          <Link href="/settings" className={styles.menuItem} onClick={() => setOpen(false)}>
            Settings
          </Link>
          <button
            type="button"
            className={styles.menuItem}
            onClick={() => {
              setOpen(false);
              onLogout();
            }}
          >
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
