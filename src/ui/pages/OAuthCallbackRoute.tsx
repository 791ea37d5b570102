import { useActorRef, useSelector } from "@xstate/react";
import { useSearch } from "wouter";
import { OAuthCallbackLogic } from "../../application/services";
import { oauthCallbackViewOf } from "../../application/machines/oauthCallbackMachine";
import { readOAuthCallbackParams } from "../../domain/oauthCallback";
import { useService } from "../di";
import { OAuthCallbackPage } from "./OAuthCallbackPage";

export function OAuthCallbackRoute() {
  const { logic } = useService(OAuthCallbackLogic);
  const search = useSearch();
  const actor = useActorRef(logic, { input: { params: readOAuthCallbackParams(search) } });
  const view = useSelector(actor, oauthCallbackViewOf);
  return <OAuthCallbackPage view={view} />;
}
