import { GO_TO_PANEL_COMMAND } from "./src/messages";

/** The extension's manifest for a Deal Finder address: MV3, valid for Chromium and, where it costs nothing, Firefox. */
export interface ManifestOptions {
  appUrl: string;
  version: string;
}

export const ICON_SIZES = [16, 32, 48, 128] as const;

/** A match pattern for every page of the app's host; ports are not part of match patterns, the bridge checks the origin. */
export function appMatchPattern(appUrl: string): string {
  const url = new URL(appUrl);
  return `${url.protocol}//${url.hostname}/*`;
}

export function buildManifest({ appUrl, version }: ManifestOptions) {
  const icons = Object.fromEntries(ICON_SIZES.map((size) => [String(size), `icons/icon-${size}.png`]));
  return {
    manifest_version: 3,
    name: "Deal Finder",
    short_name: "Deal Finder",
    version,
    description: "The promo codes from your own inbox, at the checkout of the shop that sent them. No tracking, no affiliate links.",
    icons,
    action: { default_title: "Deal Finder", default_popup: "popup/popup.html", default_icon: icons },
    // The service worker for Chromium; Firefox runs the same file as an event page.
    background: { service_worker: "background.js", scripts: ["background.js"] },
    permissions: ["storage", "alarms", "activeTab"],
    // Asked for only when the person turns deal alerts on in the popup.
    optional_permissions: ["notifications"],
    host_permissions: [appMatchPattern(appUrl)],
    content_scripts: [
      // Runs everywhere but does nothing unless the site is a brand the person has codes for: the match is local.
      { matches: ["<all_urls>"], js: ["checkout.js"], run_at: "document_idle" },
      { matches: [appMatchPattern(appUrl)], js: ["appBridge.js"], run_at: "document_start" },
    ],
    // The panel sits at the end of the shop's page: a keyboard reaches it at once with this (the person may change it).
    commands: {
      [GO_TO_PANEL_COMMAND]: { suggested_key: { default: "Alt+Shift+D" }, description: "Go to Deal Finder's codes on this page" },
    },
    content_security_policy: { extension_pages: "script-src 'self'; object-src 'self'" },
    browser_specific_settings: { gecko: { id: "extension@deal-finder.app", strict_min_version: "121.0" } },
  };
}
