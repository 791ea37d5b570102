import { displayNameOf, initialsOf } from "../../domain/profile";
import { useAppConfig, useCurrentUser, useSignOut } from "../hooks";
import { Header } from "./Header";

export function HeaderContainer() {
  const user = useCurrentUser();
  const config = useAppConfig();
  const signOut = useSignOut();
  return (
    <Header
      user={user ? { displayName: displayNameOf(user), email: user.email, initials: initialsOf(user) } : null}
      demoMode={config?.demoMode ?? false}
      extensionStoreUrl={config?.extensionStoreUrl ?? null}
      onLogout={signOut}
    />
  );
}
