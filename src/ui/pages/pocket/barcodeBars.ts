// JsBarcode's encoders from its ES sources: the bars only, drawn by React (CheckoutCode.tsx), without the package's
// CommonJS bundle and its DOM renderers.
import EAN13 from "jsbarcode/src/barcodes/EAN_UPC/EAN13.js";
import EAN8 from "jsbarcode/src/barcodes/EAN_UPC/EAN8.js";
import UPC from "jsbarcode/src/barcodes/EAN_UPC/UPC.js";
import CODE128 from "jsbarcode/src/barcodes/CODE128/CODE128_AUTO.js";
import { barcodeSymbology } from "../../../domain/barcode";

const ENCODERS = { EAN13, EAN8, UPC, CODE128 } as const;
/** What the encoders read of their options: one flat run of bars, no text of their own. */
const FLAT = { flat: true, fontSize: 0, width: 2, height: 100, textMargin: 0 };

/** The digits' modules, "1" a bar and "0" a space, in the symbology they check out as (domain/barcode.ts). */
export function barsOf(digits: string): string {
  const encoder = new ENCODERS[barcodeSymbology(digits)](digits, FLAT);
  return encoder.encode().data;
}
