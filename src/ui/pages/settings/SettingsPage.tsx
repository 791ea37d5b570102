import { useSelector } from "@xstate/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import type { AccountDeletionActor } from "../../../application/machines/accountDeletionMachine";
import { gmailSyncViewOf } from "../../../application/machines/gmailSyncMachine";
import { SettingsPageLogic } from "../../../application/machines/settingsPage";
import { settingsLoadOf } from "../../../application/machines/settingsMachine";
import type { SnapshotFrom } from "xstate";
import { useService } from "../../di";
import { sameFields, useCurrentUser } from "../../hooks";
import type { AccountDeletionPhase } from "./AccountSettings";
import { SettingsView } from "./SettingsView";

function deletionPhaseOf(snapshot: SnapshotFrom<AccountDeletionActor>): AccountDeletionPhase {
  if (snapshot.matches("confirming")) return { kind: "confirming" };
  if (snapshot.matches("deleting")) return { kind: "deleting" };
  if (snapshot.matches("failed")) return { kind: "failed", error: snapshot.context.error ?? "" };
  return { kind: "idle" };
}

/** /settings: starts the page's machines for this visit, stops them on leaving, and hands plain data to the view. */
export default function SettingsPage() {
  const logic = useService(SettingsPageLogic);
  const [actors] = useState(() => logic.start());
  useEffect(() => () => actors.stop(), [actors]);

  const user = useCurrentUser();
  const load = useSelector(actors.settings, settingsLoadOf, sameFields);
  const sync = useSelector(actors.gmailSync, gmailSyncViewOf, sameFields);
  const deletion = useSelector(actors.accountDeletion, deletionPhaseOf, sameFields);
  const pendingBrandIds = useSyncExternalStore(actors.brandToggles.subscribe, actors.brandToggles.pendingIds);
  const [connecting, setConnecting] = useState(false);

  return (
    <SettingsView
      load={load}
      userEmail={user?.email ?? null}
      sync={sync}
      connecting={connecting}
      pendingBrandIds={pendingBrandIds}
      deletion={deletion}
      onSyncNow={() => actors.gmailSync.send({ type: "SYNC_NOW" })}
      onDisconnect={() => actors.gmailSync.send({ type: "DISCONNECT" })}
      onConnectGmail={async () => {
        setConnecting(true);
        if (!(await actors.connectGmail())) setConnecting(false);
      }}
      onToggleBrand={(brandId, isActive) => actors.brandToggles.toggle(brandId, isActive)}
      onDeleteRequest={() => actors.accountDeletion.send({ type: "REQUEST" })}
      onDeleteCancel={() => actors.accountDeletion.send({ type: "CANCEL" })}
      onDeleteConfirm={() => actors.accountDeletion.send({ type: "CONFIRM" })}
    />
  );
}
