import { Link } from "wouter";
import { emailLocalPart, type User } from "../../../domain/user";
import { card, heading1, heading2, muted, page, stack } from "../../components/primitives.css";

export function SettingsView({ user }: { user: User | null }) {
  return (
    <div className={`${page} ${stack}`}>
      <div>
        <h1 className={heading1}>Settings</h1>
        <p className={muted}>Manage your account preferences and settings</p>
      </div>
      {user && (
        <section className={`${card} ${stack}`} aria-labelledby="account-title">
          <h2 id="account-title" className={heading2}>
            Account Settings
          </h2>
          <p>
            <strong>Username:</strong> {emailLocalPart(user.email)}
          </p>
          <p>
            <strong>Email Address:</strong> {user.email}
          </p>
        </section>
      )}
      <p className={muted}>
        <Link href="/terms">Terms of Service</Link> · <Link href="/privacy">Privacy Policy</Link>
      </p>
    </div>
  );
}
