import { Link } from "wouter";
import { button, visuallyHidden } from "./primitives.css";
import { EXTENSION_PAGE_PATH } from "../routing/pages";
import { HeaderMenu } from "./HeaderMenu";
import * as styles from "./Header.css";

export interface HeaderUser {
  displayName: string;
  email: string;
  initials: string;
}

export interface HeaderProps {
  /** Null for a visitor. */
  user: HeaderUser | null;
  /**
   * A session is on its way (a sign-in completing, or a signed-in page painted before its script has run): neither a
   * visitor's Login and Register nor a person's menu is shown.
   */
  sessionPending: boolean;
  demoMode: boolean;
  onLogout: () => void;
}

/**
 * The global header: Install Extension, then Login and Register for visitors or the user menu for signed-in people.
 * It always fits one row: on phones the actions that do not fit move into a menu (the user menu, or a Menu button).
 */
export function Header({ user, sessionPending, demoMode, onLogout }: HeaderProps) {
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
          <ExtensionLink className={`${button.ghost} ${styles.wideOnly}`} />
          {user ? (
            <UserMenu user={user} onLogout={onLogout} />
          ) : (
            !sessionPending && <GuestActions />
          )}
        </nav>
      </div>
    </header>
  );
}

function ExtensionLink({ className, onClick }: { className: string; onClick?: () => void }) {
  return (
    <Link className={className} href={EXTENSION_PAGE_PATH} onClick={onClick}>
      Install Extension
    </Link>
  );
}

function GuestActions() {
  return (
    <>
      <Link href="/login" className={`${button.ghost} ${styles.wideOnly}`}>
        Login
      </Link>
      <Link href="/register" className={`${button.primary} ${styles.wideOnly}`}>
        Register
      </Link>
      <HeaderMenu
        className={styles.narrowOnly}
        buttonClassName={styles.menuButton}
        button={
          <>
            <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
              <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <span className={visuallyHidden}>Menu</span>
          </>
        }
      >
        {(close) => (
          <>
            <ExtensionLink className={styles.menuItem} onClick={close} />
            <Link href="/login" className={styles.menuItem} onClick={close}>
              Login
            </Link>
            <Link href="/register" className={styles.menuItem} onClick={close}>
              Register
            </Link>
          </>
        )}
      </HeaderMenu>
    </>
  );
}

function UserMenu({ user, onLogout }: { user: HeaderUser; onLogout: () => void }) {
  return (
    <HeaderMenu
      buttonClassName={styles.avatar}
      button={
        <>
          <span aria-hidden="true">{user.initials}</span>
          <span className={visuallyHidden}>Account menu for {user.displayName}</span>
        </>
      }
    >
      {(close) => (
        <>
          <div className={styles.menuIdentity}>
            <div>
              <strong>{user.displayName}</strong>
            </div>
            <div>{user.email}</div>
          </div>
          <ExtensionLink className={`${styles.menuItem} ${styles.narrowOnly}`} onClick={close} />
          <Link href="/settings" className={styles.menuItem} onClick={close}>
            Settings
          </Link>
          <button
            type="button"
            className={styles.menuItem}
            onClick={() => {
              close();
              onLogout();
            }}
          >
            Logout
          </button>
        </>
      )}
    </HeaderMenu>
  );
}
