import { useActorRef, useSelector } from "@xstate/react";
import { EarlyAccessLogic } from "../../../application/services";
import { isSubmitting } from "../../../application/machines/earlyAccessMachine";
import { useService } from "../../di";
import { EarlyAccessForm } from "./EarlyAccessForm";

export function EarlyAccessContainer() {
  const logic = useService(EarlyAccessLogic);
  const actor = useActorRef(logic);
  const submitting = useSelector(actor, isSubmitting);
  const formKey = useSelector(actor, (snapshot) => snapshot.context.formKey);
  return <EarlyAccessForm formKey={formKey} submitting={submitting} onSubmit={(form) => actor.send({ type: "SUBMIT", form })} />;
}
