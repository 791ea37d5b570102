import { useCurrentUser } from "../../hooks";
import { SettingsView } from "./SettingsView";

/** /settings: the account basics; Gmail, brands and labels panels arrive with the settings calls. */
export default function SettingsPage() {
  const user = useCurrentUser();
  return <SettingsView user={user} />;
}
