import { useAppConfig } from "../../hooks";
import { EarlyAccessContainer } from "./EarlyAccessContainer";
import { LandingPage } from "./LandingPage";

export function LandingRoute() {
  const config = useAppConfig();
  return <LandingPage extensionStoreUrl={config?.extensionStoreUrl ?? null} earlyAccess={<EarlyAccessContainer />} />;
}
