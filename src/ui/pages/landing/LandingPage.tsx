import { useAppConfig } from "../../hooks";
import { EarlyAccessContainer } from "./EarlyAccessContainer";
import { LandingView } from "./LandingView";

export function LandingPage() {
  const config = useAppConfig();
  return <LandingView extensionStoreUrl={config?.extensionStoreUrl ?? null} earlyAccess={<EarlyAccessContainer />} />;
}
