import { ContainerModule } from "inversify";
import { provideEarlyAccessMachine } from "../../application/machines/earlyAccessMachine";
import { EarlyAccessGateway } from "../../application/ports/earlyAccess";
import { Notifier } from "../../application/ports/notifications";
import { EarlyAccessLogic } from "../../application/services";
import { HttpEarlyAccessGateway } from "../http/earlyAccessGateway";
import { bindFactory } from "./binding";

/** The landing page's early-access form. */
export const landingModule = new ContainerModule(({ bind }) => {
  bind(EarlyAccessGateway).to(HttpEarlyAccessGateway);
  bindFactory(bind, EarlyAccessLogic, (services) =>
    provideEarlyAccessMachine({ gateway: services.get(EarlyAccessGateway), notifier: services.get(Notifier) }),
  );
});
