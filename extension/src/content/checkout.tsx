import { createRoot } from "react-dom/client";
import { createActor } from "xstate";
import { dayStart } from "../../../src/domain/calendarDay";
import { provideApplyMachine } from "../machines/applyMachine";
import { ask, isGoToPanel, type SiteAnswer } from "../messages";
import { DomCheckoutPage } from "../page/checkoutPage";
import { findCouponInput, findRevealTrigger } from "../page/checkoutDom";
import { PanelContainer } from "../ui/PanelContainer";
import panelCss from "../ui/panel.css?inline";

/** Checkout pages often draw their coupon field late (single-page shops): watch this long for one. */
const FIELD_WAIT_MS = 10_000;

const hasCouponField = () => findCouponInput(document) !== null || findRevealTrigger(document) !== null;

function waitForCouponField(): Promise<boolean> {
  if (hasCouponField()) return Promise.resolve(true);
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!hasCouponField()) return;
      observer.disconnect();
      resolve(true);
    });
    observer.observe(document.documentElement, { childList: true, subtree: true, attributes: true });
    setTimeout(() => {
      observer.disconnect();
      resolve(hasCouponField());
    }, FIELD_WAIT_MS);
  });
}

/** The panel in a shadow root of its own, so that the shop's styles cannot reach it nor its styles the shop. */
function mountPanel(answer: SiteAnswer): void {
  const host = document.createElement("deal-finder-panel");
  const shadow = host.attachShadow({ mode: "open" });
  const style = document.createElement("style");
  style.textContent = panelCss;
  const container = document.createElement("div");
  shadow.append(style, container);
  document.body.append(host);
  const apply = createActor(provideApplyMachine(new DomCheckoutPage(document))).start();
  const dismiss = () => {
    void ask({ type: "DISMISS_SITE", host: window.location.hostname });
    root.unmount();
    apply.stop();
    host.remove();
  };
  const root = createRoot(container);
  root.render(<PanelContainer deals={answer.deals} apply={apply} today={dayStart(answer.today)} shortcut={answer.shortcut} onDismiss={dismiss} />);
  chrome.runtime.onMessage.addListener((message, sender) => {
    if (sender.id !== chrome.runtime.id || !isGoToPanel(message)) return;
    shadow.querySelector<HTMLElement>("[role='dialog']")?.focus();
  });
}

/**
 * Does nothing unless this site's registrable domain is a brand the person has codes for (the service worker matches
 * the host against the codes it holds; nothing leaves the browser), and the page has a coupon field.
 */
async function main(): Promise<void> {
  const answer = await ask({ type: "SITE", host: window.location.hostname });
  if (answer.deals.length === 0 || answer.dismissed) return;
  if (await waitForCouponField()) mountPanel(answer);
}

if (window.top === window) void main();
