import { useAppConfig } from "../../hooks";
import { LandingPage } from "./LandingPage";

export function LandingRoute() {
  const config = useAppConfig();
  return <LandingPage extensionStoreUrl={config?.extensionStoreUrl ?? null} earlyAccess={null} />;
}
