import { useActorRef, useSelector } from "@xstate/react";
import type { SnapshotFrom } from "xstate";
import type { accountDeletionMachine } from "../../../application/machines/accountDeletionMachine";
import { gmailSyncViewOf } from "../../../application/machines/syncFollowerMachine";
import { isGoogleFlowBusy } from "../../../application/machines/googleFlowMachine";
import { settingsLoadOf } from "../../../application/machines/settingsMachine";
import { isConfirmingDisconnect, settingsPageChildren } from "../../../application/machines/settingsPageMachine";
import { SettingsPageLogic } from "../../../application/services";
import { useLoadedService } from "../../di";
import { sameFields, useCurrentUser } from "../../hooks";
import type { AccountDeletionPhase } from "./AccountSettings";
import { AlertRules } from "./AlertRules";
import { EmailSettings } from "./EmailSettings";
import { ExtensionSessions } from "./ExtensionSessions";
import { SettingsView } from "./SettingsView";
import { YourSenders } from "./YourSenders";

function deletionPhaseOf(snapshot: SnapshotFrom<typeof accountDeletionMachine>): AccountDeletionPhase {
  if (snapshot.matches("confirming")) return { kind: "confirming" };
  if (snapshot.matches("deleting")) return { kind: "deleting" };
  if (snapshot.matches("failed")) return { kind: "failed", error: snapshot.context.error ?? "" };
  return { kind: "idle" };
}

/** /settings: runs the page machine for this visit (stopped on leaving) and hands plain data to the view. */
export default function SettingsPage() {
  const page = useActorRef(useLoadedService(SettingsPageLogic));
  const children = settingsPageChildren(page);
  const user = useCurrentUser();
  const load = useSelector(children.settings, settingsLoadOf, sameFields);
  const sync = useSelector(children.gmailSync, gmailSyncViewOf, sameFields);
  const deletion = useSelector(children.accountDeletion, deletionPhaseOf, sameFields);
  const connecting = useSelector(children.connectGmail, isGoogleFlowBusy);
  const pendingBrandIds = useSelector(page, (snapshot) => snapshot.context.pendingBrandIds);
  const confirmingDisconnect = useSelector(page, isConfirmingDisconnect);

  return (
    <SettingsView
      load={load}
      userEmail={user?.email ?? null}
      sync={sync}
      connecting={connecting}
      pendingBrandIds={pendingBrandIds}
      deletion={deletion}
      onSyncNow={() => page.send({ type: "SYNC_NOW" })}
      confirmingDisconnect={confirmingDisconnect}
      onDisconnectRequest={() => page.send({ type: "DISCONNECT_REQUEST" })}
      onDisconnectCancel={() => page.send({ type: "DISCONNECT_CANCEL" })}
      onDisconnectConfirm={() => page.send({ type: "DISCONNECT_CONFIRM" })}
      onConnectGmail={() => page.send({ type: "CONNECT_GMAIL" })}
      onToggleBrand={(brandId, isActive) => page.send({ type: "TOGGLE_BRAND", brandId, isActive })}
      onDeleteRequest={() => page.send({ type: "DELETE_REQUEST" })}
      onDeleteCancel={() => page.send({ type: "DELETE_CANCEL" })}
      onDeleteConfirm={() => page.send({ type: "DELETE_CONFIRM" })}
      emailSettings={<EmailSettings />}
      extensionSessions={<ExtensionSessions />}
      yourSenders={<YourSenders />}
      alertRules={<AlertRules />}
    />
  );
}
