/**
 * The barcode a mail gives for a deal, shown to a cashier with the code (docs/product.md, "Codes in your pocket"):
 * its digits, which the browser draws as a barcode, or the mail's own barcode or QR image (through the image proxy).
 */
export type Barcode = { kind: "digits"; value: string } | { kind: "image"; url: string };

/** The digits a barcode carries: a UPC-E/EAN-8 at the fewest, an ITF-14 or a long numeric Code 128 at the most. */
export const BARCODE_DIGITS = { min: 8, max: 24 } as const;

/** How the digits are drawn: as the retail symbology they check out as, else as Code 128, which carries any digits. */
export type BarcodeSymbology = "EAN13" | "UPC" | "EAN8" | "CODE128";

/** The GS1 check digit (UPC, EAN): digits weighted 3 and 1 from the right, before the check digit. */
function hasGs1CheckDigit(digits: string): boolean {
  const body = digits.slice(0, -1);
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10 === Number(digits[digits.length - 1]);
}

export function barcodeSymbology(digits: string): BarcodeSymbology {
  if (!/^\d+$/.test(digits)) return "CODE128";
  if (digits.length === 13 && hasGs1CheckDigit(digits)) return "EAN13";
  if (digits.length === 12 && hasGs1CheckDigit(digits)) return "UPC";
  if (digits.length === 8 && hasGs1CheckDigit(digits)) return "EAN8";
  return "CODE128";
}
