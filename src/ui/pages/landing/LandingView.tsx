import type { ReactNode } from "react";
import { Link } from "wouter";
import { button, card, muted, row } from "../../components/primitives.css";
import { EXTENSION_PAGE_PATH } from "../../routing/pages";
import * as styles from "./LandingView.css";

export interface LandingViewProps {
  /** The early-access form, rendered by its own container. */
  earlyAccess: ReactNode;
}

const STEPS = [
  {
    title: "Connect Gmail",
    text: "Sign up with Google and allow read-only access to your Promotions folder. Nothing else is read.",
  },
  {
    title: "AI analysis",
    text: "We read your promotional emails and pull out the deals, discounts and promo codes, with their expiry dates.",
  },
  {
    title: "Smart dashboard",
    text: "Every deal in one place: search, filter by category, see what expires soon and copy a code in one click.",
  },
];

export function LandingView({ earlyAccess }: LandingViewProps) {
  return (
    <>
      <section className={styles.hero} aria-labelledby="hero-title">
        <div className={styles.heroInner}>
          <h1 id="hero-title" className={styles.heroTitle}>
            Every deal in your inbox, in one place
          </h1>
          <p className={styles.lead}>
            Deal Finder scans your Gmail Promotions, read-only, and turns the pile of offers into a dashboard of deals
            and promo codes you can actually use.
          </p>
          <div className={`${row} ${styles.heroActions}`}>
            <Link href="/register" className={button.primary}>
              Get started with Google
            </Link>
            <a href="#how-it-works" className={button.secondary}>
              See how it works
            </a>
          </div>
        </div>
      </section>

      <section id="how-it-works" className={styles.section} aria-labelledby="how-title">
        <h2 id="how-title" className={styles.sectionTitle}>
          How it works
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((step, index) => (
            <li key={step.title} className={card}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p className={muted}>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section id="extension" className={styles.section} aria-labelledby="extension-title">
        <div className={`${card} ${styles.promo}`}>
          <div>
            <h2 id="extension-title" className={styles.promoTitle}>
              Take your deals to checkout
            </h2>
          </div>
          <div>
            <ul className={styles.featureList}>
              <li>
                <strong>Real-time deal alerts:</strong> a reminder when you visit a store you have a deal for.
              </li>
              <li>
                <strong>Auto-fill coupon codes:</strong> your codes filled in at checkout where the store allows it.
              </li>
            </ul>
            <p>
              <Link className={button.primary} href={EXTENSION_PAGE_PATH}>
                Get the browser extension
              </Link>
            </p>
          </div>
        </div>
      </section>

      <section id="early-access" className={styles.section} aria-labelledby="early-access-title">
        <h2 id="early-access-title" className={styles.sectionTitle}>
          Join the beta
        </h2>
        {earlyAccess}
      </section>

      <footer className={styles.footer}>
        <div className={`${row} ${styles.footerLinks}`}>
          <Link href="/privacy">Privacy Policy</Link>
          <span aria-hidden="true">·</span>
          <Link href="/terms">Terms of Service</Link>
        </div>
        <p>© 2025 Deal Finder</p>
      </footer>
    </>
  );
}
