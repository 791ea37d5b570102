import type { ReactNode } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { useAuthStatus, useCurrentUser } from "../hooks";
import { LoadingScreen } from "../components/LoadingScreen";
import type { LoginHistoryState } from "../pages/LoginPage";

/** Signed-in only: guests go to /login, which remembers where they were going. */
export function Protected({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  const storedUser = useCurrentUser();
  const [location] = useLocation();
  const search = useSearch();
  // A returning person's page starts while their stored session is checked, so its data loads beside the check
  // rather than after it; the server answers only a valid session, and an ended one leads to the login page below.
  if (status === "checking" && storedUser === null) return <LoadingScreen label="Checking your session..." />;
  if (status === "signedOut") {
    const from = search ? `${location}?${search}` : location;
    const state: LoginHistoryState = { from };
    return <Redirect to="/login" state={state} replace />;
  }
  return <>{children}</>;
}

/** Guests only: a signed-in person is sent to the dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  if (status === "checking") return <LoadingScreen label="Checking your session..." />;
  if (status === "signedIn") return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}

/** The landing page for guests; signed-in people go straight to their dashboard. */
export function HomeGate({ children }: { children: ReactNode }) {
  const status = useAuthStatus();
  if (status === "signedIn") return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
