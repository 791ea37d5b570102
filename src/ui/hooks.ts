import { useSelector } from "@xstate/react";
import { createContext, useEffect, useState, useSyncExternalStore } from "react";
import { AuthSession } from "../application/services";
import { authStatusOf, shownUserOf, signOutQuestionOf, type AuthStatus } from "../application/machines/authMachine";
import { AppConfigSource, type AppConfig } from "../application/ports/appConfig";
import type { User } from "../domain/user";
import { useService } from "./di";

const nothingToWatch = () => () => {};

/**
 * False in a prerendered page until React has hydrated it, true from then on (and at once in a page rendered in the
 * browser). A control that does nothing without the script (the Google button, a form sent by fetch) stays disabled
 * until then: a press before it would be lost, or would send the form the browser's way, its fields in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    nothingToWatch,
    () => true,
    () => false,
  );
}

export function useAuthStatus(): AuthStatus {
  const actor = useService(AuthSession);
  return useSelector(actor, authStatusOf);
}

export function useCurrentUser(): User | null {
  const actor = useService(AuthSession);
  return useSelector(actor, shownUserOf);
}

export function useSignOut(): () => void {
  const actor = useService(AuthSession);
  return () => actor.send({ type: "SIGN_OUT" });
}

/** Logout's question about the extension paired from this browser while it is asked (null otherwise), and its answers. */
export function useSignOutQuestion() {
  const actor = useService(AuthSession);
  const question = useSelector(actor, signOutQuestionOf, sameFields);
  return {
    question,
    chooseExtension: (signOut: boolean) => actor.send({ type: "CHOOSE_EXTENSION_SIGN_OUT", signOut }),
    confirm: () => actor.send({ type: "CONFIRM_SIGN_OUT" }),
    cancel: () => actor.send({ type: "CANCEL_SIGN_OUT" }),
  };
}

/**
 * Whether the server runs in demo mode, as the page was rendered with it (the server answers the prerendered
 * variant that matches; see vite.config.ts): the only setting that changes the layout, so it is known at the first
 * render, and the "Demo mode" badge never moves the page once it is on screen.
 */
export const InitialDemoMode = createContext(false);

/** The server's public configuration, or null until it has loaded (or when it cannot load). */
export function useAppConfig(): AppConfig | null {
  const source = useService(AppConfigSource);
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => {
    let live = true;
    source.load().then(
      (loaded) => live && setConfig(loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [source]);
  return config;
}

/**
 * For `useSelector`: two views of a machine are the same when each field is the same value or the same object (or
 * both are null). Machines replace what they change, so an unchanged field keeps its identity and a changed one never does.
 */
export function sameFields<T extends object>(a: T | null, b: T | null): boolean {
  if (a === null || b === null) return a === b;
  const keys = Object.keys(a) as (keyof T)[];
  return keys.length === Object.keys(b).length && keys.every((key) => Object.is(a[key], b[key]));
}
