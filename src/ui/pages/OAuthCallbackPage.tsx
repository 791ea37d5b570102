import { useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useSearch } from "wouter";
import { OAuthCallbackLogic } from "../../application/services";
import { oauthCallbackStatusOf } from "../../application/machines/oauthCallbackMachine";
import { useService } from "../di";
import { OAuthCallbackView } from "./OAuthCallbackView";

/** /oauth-callback: the end of Google's round trip. */
export function OAuthCallbackPage() {
  const callback = useService(OAuthCallbackLogic);
  const search = useSearch();
  // Read once: the machine forgets the stored state when it uses it.
  const [input] = useState(() => callback.inputFor(search));
  const actor = useActorRef(callback.logic, { input });
  const view = useSelector(actor, oauthCallbackStatusOf);
  return <OAuthCallbackView view={view} />;
}
