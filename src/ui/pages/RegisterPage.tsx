import { useActorRef, useSelector } from "@xstate/react";
import { isExplainingGoogleFlow, isGoogleFlowBusy } from "../../application/machines/googleFlowMachine";
import { GoogleFlowLogic } from "../../application/services";
import { useLoadedService } from "../di";
import { RegisterView } from "./RegisterView";

/** /register: sign-up that also asks for Gmail access, so the first sync can start right away. */
export default function RegisterPage() {
  const googleFlow = useActorRef(useLoadedService(GoogleFlowLogic), { input: { flow: "gmail-signup", returnPath: null } });
  const busy = useSelector(googleFlow, isGoogleFlowBusy);
  // The explanation stays while Google's address is fetched, so the page does not flash back to its first step.
  const explaining = useSelector(googleFlow, (snapshot) => isExplainingGoogleFlow(snapshot) || isGoogleFlowBusy(snapshot));
  return (
    <RegisterView
      pending={busy}
      explaining={explaining}
      onContinueWithGoogle={() => googleFlow.send({ type: "START" })}
      onGoOnToGoogle={() => googleFlow.send({ type: "CONTINUE" })}
      onBack={() => googleFlow.send({ type: "BACK" })}
    />
  );
}
