import { provideEarlyAccessMachine } from "../../application/machines/earlyAccessMachine";
import { EarlyAccessGateway } from "../../application/ports/earlyAccess";
import { Notifier } from "../../application/ports/notifications";
import { EarlyAccessLogic } from "../../application/services";
import { HttpEarlyAccessGateway } from "../http/earlyAccessGateway";
import { HttpClient } from "../http/httpClient";
import type { ServiceRegistry } from "../serviceRegistry";

/** The landing page's early-access form. */
export function registerLanding(services: ServiceRegistry): void {
  services.bind(EarlyAccessGateway, (s) => new HttpEarlyAccessGateway(s.get(HttpClient)));
  services.bind(EarlyAccessLogic, (s) =>
    provideEarlyAccessMachine({ gateway: s.get(EarlyAccessGateway), notifier: s.get(Notifier) }),
  );
}
