import { useEffect, useState } from "react";
import { codeConditionOf, promoCodesOf, type Deal } from "../../../domain/deal";
import { isProxiedImageUrl } from "../../../domain/imageRules";
import { button } from "../../components/primitives.css";
import { useModalDialog } from "../../components/useModalDialog";
import * as styles from "./CheckoutCode.css";

/** What the cashier's view shows of a deal. */
export type CheckoutDeal = Pick<Deal, "id" | "title" | "brand" | "promoCode" | "codeConditions" | "barcode">;

/** Whether a deal has anything to show a cashier: a code or a barcode. */
export const hasCheckoutCode = (deal: CheckoutDeal): boolean => promoCodesOf(deal).length > 0 || deal.barcode !== undefined;

/** "Show at checkout": the deal's codes and barcode on a screen of their own, for the cashier; nothing without either. */
export function ShowAtCheckout({ deal }: { deal: CheckoutDeal }) {
  const [open, setOpen] = useState(false);
  if (!hasCheckoutCode(deal)) return null;
  return (
    <>
      <div>
        <button type="button" className={button.secondary} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          Show at checkout
        </button>
      </div>
      {open && <CheckoutCode deal={deal} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The cashier's view: each code large in a monospace face, and the mail's barcode (drawn from its digits, or its
 * image through our proxy), black on white, with the screen kept on while it shows. Escape or Done closes it.
 */
export function CheckoutCode({ deal, onClose }: { deal: CheckoutDeal; onClose: () => void }) {
  const dialogRef = useModalDialog();
  useScreenKeptOn();
  const codes = promoCodesOf(deal);
  return (
    <dialog
      ref={dialogRef}
      className={styles.screen}
      aria-labelledby="checkout-code-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.head}>
        <h2 id="checkout-code-title" className={styles.brand}>
          {deal.brand}: show at checkout
        </h2>
        <button type="button" className={styles.done} onClick={onClose}>
          Done
        </button>
      </div>
      {codes.length > 0 && (
        <ul className={styles.codes} aria-label={codes.length === 1 ? "Code" : "Codes"}>
          {codes.map((code) => {
            const condition = codeConditionOf(deal, code);
            return (
              <li key={code}>
                <code className={styles.code}>{code}</code>
                {condition && <span className={styles.condition}>{condition}</span>}
              </li>
            );
          })}
        </ul>
      )}
      {deal.barcode?.kind === "digits" && <DrawnBarcode digits={deal.barcode.value} />}
      {deal.barcode?.kind === "image" && isProxiedImageUrl(deal.barcode.url) && (
        <div className={styles.barcode}>
          <img className={styles.bars} src={deal.barcode.url} alt="The barcode from the email" />
        </div>
      )}
      <p className={styles.hint}>{deal.title}</p>
    </dialog>
  );
}

/** Modules of quiet space either side of the bars, which a scanner needs. */
const QUIET_ZONE = 10;

/**
 * The digits as bars (JsBarcode's encoders, loaded when first shown), in the retail symbology they check out as, else
 * Code 128; the digits themselves printed below, large and spaced.
 */
function DrawnBarcode({ digits }: { digits: string }) {
  const [bars, setBars] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import("./barcodeBars").then(({ barsOf }) => live && setBars(barsOf(digits)));
    return () => {
      live = false;
    };
  }, [digits]);
  return (
    <figure className={styles.barcode} aria-label={`Barcode ${digits}`} data-drawn={bars !== null}>
      {bars && (
        <svg className={styles.bars} viewBox={`0 0 ${bars.length + 2 * QUIET_ZONE} 60`} preserveAspectRatio="none" aria-hidden="true">
          {[...bars.matchAll(/1+/g)].map((run) => (
            <rect key={run.index} x={run.index + QUIET_ZONE} width={run[0].length} y={0} height={60} fill="#000000" />
          ))}
        </svg>
      )}
      <figcaption className={styles.digits}>{digits}</figcaption>
    </figure>
  );
}

/** Asks the browser to keep the screen on while the cashier's view shows (Screen Wake Lock), again when the tab returns. */
function useScreenKeptOn(): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: { request(type: "screen"): Promise<{ release(): Promise<void> }> } }).wakeLock;
    if (!wakeLock) return;
    let held: { release(): Promise<void> } | null = null;
    let live = true;
    const request = () => {
      if (document.visibilityState !== "visible") return;
      wakeLock.request("screen").then(
        (lock) => (live ? (held = lock) : void lock.release()),
        // Refused (battery saver, no permission): the view still shows; the screen dims as usual.
        () => undefined,
      );
    };
    request();
    document.addEventListener("visibilitychange", request);
    return () => {
      live = false;
      document.removeEventListener("visibilitychange", request);
      void held?.release().catch(() => undefined);
    };
  }, []);
}
