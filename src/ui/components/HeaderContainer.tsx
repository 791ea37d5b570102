import { displayNameOf, initialsOf } from "../../domain/profile";
import { lazy, Suspense, useContext } from "react";
import { useLocation, useSearch } from "wouter";
import { InitialDemoMode, useAppConfig, useCurrentUser, useSignOut, useSignOutQuestion } from "../hooks";
import { Header } from "./Header";

// Asked only at some signed-in Logouts, so its code is not part of the landing page's script.
const SignOutDialog = lazy(() => import("./SignOutDialog").then((module) => ({ default: module.SignOutDialog })));

export function HeaderContainer() {
  const user = useCurrentUser();
  const config = useAppConfig();
  const initialDemoMode = useContext(InitialDemoMode);
  const signOut = useSignOut();
  const [location] = useLocation();
  const search = useSearch();
  // Google's round trip came back with a sign-in to complete: the person is about to be signed in.
  const sessionPending = location === "/oauth-callback" && new URLSearchParams(search).get("success") === "true";
  return (
    <>
      <Header
        user={user ? { displayName: displayNameOf(user), email: user.email, initials: initialsOf(user) } : null}
        sessionPending={sessionPending}
        demoMode={config?.demoMode ?? initialDemoMode}
        onLogout={signOut}
      />
      <SignOutQuestion />
    </>
  );
}

/** Logout's question, shown while the auth machine asks it (an extension was paired from this browser). */
function SignOutQuestion() {
  const { question, chooseExtension, confirm, cancel } = useSignOutQuestion();
  if (!question) return null;
  return (
    <Suspense fallback={null}>
      <SignOutDialog signOutExtension={question.signOutExtension} onChooseExtension={chooseExtension} onCancel={cancel} onConfirm={confirm} />
    </Suspense>
  );
}
