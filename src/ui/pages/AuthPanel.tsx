import type { ReactNode, Ref } from "react";
import { Link } from "wouter";
import * as styles from "./auth.css";
import { heading1 } from "../components/primitives.css";

/** The centred panel of the sign-in and sign-up pages, with its close button back to the home page. */
export function AuthPanel({
  titleId,
  title,
  headingRef,
  children,
}: {
  titleId: string;
  title: string;
  /** The heading, focusable, for a page that moves focus to it when its step changes. */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <div className={styles.wrapper}>
      <section className={styles.panel} aria-labelledby={titleId}>
        <Link href="/" className={styles.close} aria-label="Close and go to the home page">
          <span aria-hidden="true">×</span>
        </Link>
        <h1 id={titleId} className={heading1} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {title}
        </h1>
        {children}
      </section>
    </div>
  );
}
