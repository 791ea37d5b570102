import { Link } from "wouter";
import type { ExtensionPairingView } from "../../../application/machines/extensionPairingMachine";
import { EXTENSION_DOWNLOAD_PATH } from "../../../domain/extension";
import { button, card, heading1, heading2, muted, page, stack } from "../../components/primitives.css";
import * as styles from "./extension.css";

export interface ExtensionViewProps {
  pairing: ExtensionPairingView;
  onConnect: () => void;
  onDetectAgain: () => void;
}

/** /extension: how to install the browser extension, then connecting it to this account. */
export function ExtensionView({ pairing, onConnect, onDetectAgain }: ExtensionViewProps) {
  return (
    <div className={`${page} ${stack} ${styles.pageWidth}`}>
      <div>
        <h1 className={heading1}>Browser extension</h1>
        <p className={muted}>
          Your own promo codes at the shop&apos;s checkout: on a site whose brand emailed you a code, the extension shows it and
          can apply it for you.
        </p>
      </div>

      <section className={`${card} ${stack}`} aria-labelledby="extension-install-title">
        <h2 id="extension-install-title" className={heading2}>
          1. Install it
        </h2>
        <p>For Chrome, Edge, Brave and other Chromium browsers on a computer.</p>
        <ol className={styles.steps}>
          <li>
            <a href={EXTENSION_DOWNLOAD_PATH} download>
              Download the extension
            </a>{" "}
            and unzip it into a folder you keep.
          </li>
          <li>
            Open <span className={styles.address}>chrome://extensions</span> (in Edge <span className={styles.address}>edge://extensions</span>,
            in Brave <span className={styles.address}>brave://extensions</span>) in a new tab and turn on <strong>Developer mode</strong>.
          </li>
          <li>
            Choose <strong>Load unpacked</strong> and select the unzipped folder.
          </li>
          <li>Come back to this page: it finds the extension by itself.</li>
        </ol>
        <p className={muted}>The extension is not in the browsers&apos; stores yet.</p>
      </section>

      <section className={`${card} ${stack}`} aria-labelledby="extension-connect-title">
        <h2 id="extension-connect-title" className={heading2}>
          2. Connect it
        </h2>
        <p className={muted}>
          Connecting gives the extension a session of its own that can only read your active codes. You can disconnect it
          any time in <Link href="/settings">Settings</Link>.
        </p>
        <PairingStatus pairing={pairing} onConnect={onConnect} onDetectAgain={onDetectAgain} />
      </section>

      <section className={`${card} ${stack}`} aria-labelledby="extension-privacy-title">
        <h2 id="extension-privacy-title" className={heading2}>
          What it does with your data
        </h2>
        <ul className={styles.steps}>
          <li>It downloads only your own active deals with codes, from the brands you switched on.</li>
          <li>It matches the site you are on inside your browser: no address or site you visit is sent to us or anyone else.</li>
          <li>It never adds affiliate links, touches your cookies, opens tabs or redirects you.</li>
        </ul>
        <p>
          <Link href="/privacy">Privacy Policy</Link>
        </p>
      </section>
    </div>
  );
}

function PairingStatus({ pairing, onConnect, onDetectAgain }: ExtensionViewProps) {
  switch (pairing.kind) {
    case "detecting":
      return (
        <p className={muted} role="status">
          Looking for the extension in this browser...
        </p>
      );
    case "notInstalled":
      return (
        <div className={stack}>
          <p role="status">The extension is not installed in this browser yet, or it is turned off.</p>
          <button type="button" className={`${button.secondary} ${styles.startAligned}`} onClick={onDetectAgain}>
            Check again
          </button>
        </div>
      );
    case "ready":
    case "connecting":
      return (
        <div className={stack}>
          <p role="status">{pairing.kind === "connecting" ? "Connecting the extension..." : "The extension is installed in this browser."}</p>
          <button type="button" className={`${button.primary} ${styles.startAligned}`} onClick={onConnect} disabled={pairing.kind === "connecting"}>
            Connect the extension
          </button>
        </div>
      );
    case "connected":
      return (
        <div className={stack}>
          <p className={styles.connected} role="status">
            Extension connected
          </p>
          <p>It now shows your codes on the sites of your brands.</p>
          <button type="button" className={`${button.secondary} ${styles.startAligned}`} onClick={onConnect}>
            Connect again
          </button>
        </div>
      );
    case "failed":
      return (
        <div className={stack}>
          <p className={styles.errorText} role="alert">
            {pairing.error}
          </p>
          <button type="button" className={`${button.primary} ${styles.startAligned}`} onClick={onConnect}>
            Connect the extension
          </button>
        </div>
      );
  }
}
