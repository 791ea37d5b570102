import { EarlyAccessContainer } from "./EarlyAccessContainer";
import { LandingView } from "./LandingView";

export function LandingPage() {
  return <LandingView earlyAccess={<EarlyAccessContainer />} />;
}
