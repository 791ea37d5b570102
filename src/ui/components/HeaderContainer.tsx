import { displayNameOf, initialsOf } from "../../domain/profile";
import { useContext } from "react";
import { InitialDemoMode, useAppConfig, useCurrentUser, useSignOut } from "../hooks";
import { Header } from "./Header";

export function HeaderContainer() {
  const user = useCurrentUser();
  const config = useAppConfig();
  const initialDemoMode = useContext(InitialDemoMode);
  const signOut = useSignOut();
  return (
    <Header
      user={user ? { displayName: displayNameOf(user), email: user.email, initials: initialsOf(user) } : null}
      demoMode={config?.demoMode ?? initialDemoMode}
      extensionStoreUrl={config?.extensionStoreUrl ?? null}
      onLogout={signOut}
    />
  );
}
