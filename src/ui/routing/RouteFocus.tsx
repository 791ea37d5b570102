import { useEffect, useRef } from "react";
import { useLocation } from "wouter";

const TITLES: Readonly<Record<string, string>> = {
  "/": "Deal Finder: every deal in your inbox, in one place",
  "/login": "Sign in · Deal Finder",
  "/register": "Create your account · Deal Finder",
  "/dashboard": "Your deals · Deal Finder",
  "/settings": "Settings · Deal Finder",
  "/extension": "Browser extension · Deal Finder",
  "/privacy": "Privacy and Cookie Policy · Deal Finder",
  "/terms": "Terms of Service · Deal Finder",
  "/oauth-callback": "Signing in · Deal Finder",
};

/** The tab title of a page; also written into the prerendered pages' HTML. */
export function pageTitle(path: string): string {
  return TITLES[path] ?? "Page Not Found · Deal Finder";
}

/**
 * Names each page in the tab title and, after an in-app navigation, moves focus to the main region so keyboard and
 * screen-reader users start at the new page instead of the link they left.
 */
export function RouteFocus({ mainId }: { mainId: string }) {
  const [location] = useLocation();
  const firstRender = useRef(true);
  useEffect(() => {
    document.title = pageTitle(location);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    document.getElementById(mainId)?.focus({ preventScroll: false });
  }, [location, mainId]);
  return null;
}
