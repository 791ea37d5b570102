import { useActorRef, useSelector } from "@xstate/react";
import { extensionPairingViewOf } from "../../../application/machines/extensionPairingMachine";
import { ExtensionPairingLogic } from "../../../application/services";
import { useLoadedService } from "../../di";
import { sameFields } from "../../hooks";
import { ExtensionView } from "./ExtensionView";

/** /extension: runs the pairing machine for this visit (stopped on leaving) and hands plain data to the view. */
export default function ExtensionPage() {
  const pairing = useActorRef(useLoadedService(ExtensionPairingLogic));
  const view = useSelector(pairing, extensionPairingViewOf, sameFields);
  return <ExtensionView pairing={view} onConnect={() => pairing.send({ type: "CONNECT" })} onDetectAgain={() => pairing.send({ type: "DETECT" })} />;
}
