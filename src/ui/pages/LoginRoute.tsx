import { useState } from "react";
import { useHistoryState } from "wouter/use-browser-location";
import { GoogleAuthStarter } from "../../application/googleAuth";
import { useService } from "../di";
import { LoginPage } from "./LoginPage";

/** What other pages may leave in history state for /login. */
export interface LoginHistoryState {
  /** The protected page the guest was turned away from. */
  from?: string;
  message?: string;
}

export function LoginRoute() {
  const starter = useService(GoogleAuthStarter);
  const state = useHistoryState<LoginHistoryState | null>();
  const [pending, setPending] = useState(false);
  return (
    <LoginPage
      message={state?.message ?? null}
      pending={pending}
      onContinueWithGoogle={async () => {
        setPending(true);
        const leaving = await starter.start("signin", state?.from);
        if (!leaving) setPending(false);
      }}
    />
  );
}
