import { useState } from "react";
import { useActorRef, useSelector } from "@xstate/react";
import { useSearch } from "wouter";
import { OAuthCallbackLogic } from "../../application/services";
import { oauthCallbackViewOf } from "../../application/machines/oauthCallbackMachine";
import { useService } from "../di";
import { OAuthCallbackPage } from "./OAuthCallbackPage";

export function OAuthCallbackRoute() {
  const callback = useService(OAuthCallbackLogic);
  const search = useSearch();
  // Read once: the machine forgets the stored state when it uses it.
  const [input] = useState(() => callback.inputFor(search));
  const actor = useActorRef(callback.logic, { input });
  const view = useSelector(actor, oauthCallbackViewOf);
  return <OAuthCallbackPage view={view} />;
}
