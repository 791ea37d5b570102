import { useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useSearch } from "wouter";
import { OAuthCallbackLogic } from "../../application/services";
import { oauthCallbackStatusOf } from "../../application/machines/oauthCallbackMachine";
import { useLoadedService } from "../di";
import { OAuthCallbackView } from "./OAuthCallbackView";

/** /oauth-callback: the end of Google's round trip. */
export default function OAuthCallbackPage() {
  const callback = useLoadedService(OAuthCallbackLogic);
  const search = useSearch();
  // Read once: the machine forgets the stored state when it uses it.
  const [input] = useState(() => callback.inputFor(search));
  const actor = useActorRef(callback.logic, { input });
  const view = useSelector(actor, oauthCallbackStatusOf);
  return <OAuthCallbackView view={view} />;
}
