import { useActorRef, useSelector } from "@xstate/react";
import { useHistoryState } from "wouter/use-browser-location";
import { isGoogleFlowBusy } from "../../application/machines/googleFlowMachine";
import { GoogleFlowLogic } from "../../application/services";
import { useLoadedService } from "../di";
import { LoginView } from "./LoginView";

/** What other pages may leave in history state for /login. */
export interface LoginHistoryState {
  /** The protected page the guest was turned away from. */
  from?: string;
  message?: string;
}

/** /login: Google sign-in, returning afterwards to the page the guest was turned away from. */
export default function LoginPage() {
  const state = useHistoryState<LoginHistoryState | null>();
  const googleFlow = useActorRef(useLoadedService(GoogleFlowLogic), { input: { flow: "signin", returnPath: state?.from ?? null } });
  const busy = useSelector(googleFlow, isGoogleFlowBusy);
  return <LoginView message={state?.message ?? null} pending={busy} onContinueWithGoogle={() => googleFlow.send({ type: "START" })} />;
}
