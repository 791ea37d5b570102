import { useActorRef, useSelector } from "@xstate/react";
import { Link } from "wouter";
import { extensionSessionsViewOf, type ExtensionSessionsView } from "../../../application/machines/extensionSessionsMachine";
import type { ConnectedExtension } from "../../../application/ports/extension";
import { ExtensionSessionsLogic } from "../../../application/services";
import { browserLabel } from "../../../domain/userAgent";
import { button, card, heading2, muted, stack } from "../../components/primitives.css";
import { useLoadedService } from "../../di";
import { EXTENSION_PAGE_PATH } from "../../routing/pages";
import { sameFields } from "../../hooks";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EmptyState, PanelLoading, PanelRetry } from "./PanelStatus";
import * as extensionStyles from "./ExtensionSessions.css";
import * as styles from "./settings.css";
import { dayAndTimeFormat } from "../../dateFormats";

export interface ExtensionSessionsCardProps {
  view: ExtensionSessionsView;
  onRetry: () => void;
  onDisconnect: (sessionId: string) => void;
  onCancel: () => void;
  onConfirm: () => void;
}

const when = (iso: string) => dayAndTimeFormat().format(new Date(iso));

/** Settings' "Browser extension" card: the browsers whose extension is connected, each with Disconnect. */
export function ExtensionSessionsCard({ view, onRetry, onDisconnect, onCancel, onConfirm }: ExtensionSessionsCardProps) {
  const pending = view.kind === "ready" && view.confirming ? view.confirming : null;
  const pendingSession = pending && view.kind === "ready" ? view.sessions.find((session) => session.id === pending.sessionId) : undefined;
  return (
    <section className={`${card} ${stack} ${styles.spaced}`} aria-labelledby="extension-sessions-title">
      <div className={styles.panelHeader}>
        <h2 id="extension-sessions-title" className={heading2}>
          Browser extension
        </h2>
        <p className={muted}>
          The extension shows your own codes at a shop&apos;s checkout. A connected extension can only read your active codes.{" "}
          <Link href={EXTENSION_PAGE_PATH}>Set up the extension</Link>
        </p>
      </div>
      {view.kind === "loading" && <PanelLoading text="Loading connected extensions..." />}
      {view.kind === "failed" && <PanelRetry error={view.error} onRetry={onRetry} />}
      {view.kind === "ready" && view.sessions.length === 0 && (
        <EmptyState title="No extension connected" hint="Install the extension, then connect it from the extension page." />
      )}
      {view.kind === "ready" && view.sessions.length > 0 && (
        <ul className={extensionStyles.list}>
          {view.sessions.map((session) => (
            <ConnectedExtensionRow key={session.id} session={session} onDisconnect={() => onDisconnect(session.id)} />
          ))}
        </ul>
      )}
      {pending && (
        <ConfirmDialog
          title="Disconnect this extension?"
          confirmLabel="Disconnect"
          busyLabel="Disconnecting..."
          busy={pending.disconnecting}
          error={pending.error}
          onCancel={onCancel}
          onConfirm={onConfirm}
        >
          <p>
            The extension in {browserLabel(pendingSession?.userAgent ?? null)} stops showing your codes at once. You can connect it
            again from the extension page.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function ConnectedExtensionRow({ session, onDisconnect }: { session: ConnectedExtension; onDisconnect: () => void }) {
  const name = browserLabel(session.userAgent);
  return (
    <li className={`${styles.brandRow} ${extensionStyles.wraps}`}>
      <div className={styles.brandText}>
        <span className={styles.brandName}>{name}</span>
        <span className={styles.brandDomain}>
          Connected {when(session.createdAt)} · {session.lastUsedAt ? `Last used ${when(session.lastUsedAt)}` : "Not used yet"}
        </span>
      </div>
      <button type="button" className={button.secondary} onClick={onDisconnect} aria-label={`Disconnect ${name}`}>
        Disconnect
      </button>
    </li>
  );
}

/** The card with its own machine, started when Settings opens and stopped when it closes. */
export function ExtensionSessions() {
  const actor = useActorRef(useLoadedService(ExtensionSessionsLogic));
  const view = useSelector(actor, extensionSessionsViewOf, sameFields);
  return (
    <ExtensionSessionsCard
      view={view}
      onRetry={() => actor.send({ type: "RETRY" })}
      onDisconnect={(sessionId) => actor.send({ type: "DISCONNECT", sessionId })}
      onCancel={() => actor.send({ type: "CANCEL" })}
      onConfirm={() => actor.send({ type: "CONFIRM" })}
    />
  );
}
