import { useActorRef, useSelector } from "@xstate/react";
import { isGoogleFlowBusy } from "../../application/machines/googleFlowMachine";
import { GoogleFlowLogic } from "../../application/services";
import { useLoadedService } from "../di";
import { RegisterView } from "./RegisterView";

/** /register: sign-up that also asks for Gmail access, so the first sync can start right away. */
export default function RegisterPage() {
  const googleFlow = useActorRef(useLoadedService(GoogleFlowLogic), { input: { flow: "gmail-signup", returnPath: null } });
  const busy = useSelector(googleFlow, isGoogleFlowBusy);
  return <RegisterView pending={busy} onContinueWithGoogle={() => googleFlow.send({ type: "START" })} />;
}
