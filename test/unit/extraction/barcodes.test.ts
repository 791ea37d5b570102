import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { findBarcode, findBarcodeDigits, findBarcodeImage } from "../../../server/extraction/barcodes";
import type { HtmlImage } from "../../../server/extraction/html";
import { sanitizeExtractedMessage } from "../../../server/extraction/sanitize";
import { barcodeSymbology } from "../../../src/domain/barcode";
import { buildEmail } from "./email";

const image = (url: string, alt = "", className = ""): HtmlImage => ({ url, alt, width: 300, height: 120, className, linkHref: null, textBefore: 0 });

describe("barcode digits from a mail's text", () => {
  it.each([
    ["Barcode: 123456789012", "123456789012"],
    ["barcode 4006381333931", "4006381333931"],
    ["Bar code: 0 12345 67890 5", "012345678905"],
    ["Bar-code #: 9780201379624", "9780201379624"],
    ["Barcode number: 5012-3456-7890", "501234567890"],
    ["Barcode no. 96385074", "96385074"],
    ["Show this barcode at the register.\nBarcode: 8 412345 678905\nValid in store only.", "8412345678905"],
    ["Scan at checkout. BARCODE：400638133393 1", "4006381333931"],
    ["Barcode: 123456789012 20% off everything", "123456789012"],
    ["Your coupon barcode:\n\u00a098765432109876543210", "98765432109876543210"],
  ])("reads %j", (text, digits) => {
    expect(findBarcodeDigits(text)).toBe(digits);
  });

  it.each([
    ["an order number", "Order #123456789012 has shipped"],
    ["an order's barcode", "Order barcode: 123456789012"],
    ["a parcel's tracking barcode", "Tracking barcode: 9400111899223100012345"],
    ["a gift card's barcode", "Gift card barcode: 6006491234567890"],
    ["a loyalty card's barcode", "Your loyalty card barcode 123456789012"],
    ["a boarding pass's barcode", "boarding barcode: 12345678901234"],
    ["a phone number after the label", "Barcode: 1-800-555-0199"],
    ["a phone number in brackets", "Questions about your barcode: (555) 123-4567"],
    ["a phone number after the word", "Trouble scanning the barcode? Call 1-800-555-0199"],
    ["a phone number with dots", "barcode: 555.123.4567"],
    ["a bare long number", "Member ID 123456789012 - thanks for shopping"],
    ["a product's UPC, not the offer's", "UPC: 012345678905"],
    ["too few digits", "Barcode: 1234567"],
    ["too many digits", "Barcode: 1234567890123456789012345"],
    ["a code with letters", "Barcode: SAVE20NOW"],
    ["digits glued to letters", "Barcode: 12345678ABC"],
    ["a date", "Barcode valid until 12/31/2026"],
    ["a price", "Barcode savings: $1,234,567,890"],
  ])("does not read %s", (_shape, text) => {
    expect(findBarcodeDigits(text)).toBeNull();
  });
});

describe("barcode images", () => {
  it.each([
    ["alt text", image("https://img.example.com/a1b2.png", "Barcode")],
    ["alt text naming a QR code", image("https://img.example.com/a1b2.png", "Your QR code")],
    ["a file name", image("https://img.example.com/coupons/barcode_8841.png")],
    ["a QR file name", image("https://img.example.com/qr-code.png?id=7")],
    ["a short qr file name", image("https://img.example.com/offer/qr.png")],
    ["a class", image("https://img.example.com/c/9.png", "", "coupon-barcode")],
    ["file name written with an escape", image("https://img.example.com/coupons/b%61rcode.png")],
  ])("reads an image named by its %s", (_shape, found) => {
    expect(findBarcodeImage([image("https://img.example.com/hero.jpg", "Winter sale"), found])).toBe(found.url);
  });

  it("reads a file name broken by a tab, which the address parser drops", () => {
    expect(findBarcodeImage([image("https://img.example.com/coupons/q\tr.png")])).toBe("https://img.example.com/coupons/qr.png");
  });

  it.each([
    ["an app-download QR code", image("https://img.example.com/qr.png", "Scan to download our app")],
    ["an app store QR code", image("https://img.example.com/app-store-qr.png")],
    ["a social QR code", image("https://img.example.com/qr.png", "Follow us on Instagram")],
    ["a word that only contains the letters", image("https://img.example.com/squre-banner.png", "Barcoded jeans, square cut")],
    ["a plain product image", image("https://img.example.com/shoes.jpg", "Running shoes")],
    ["an address that is not the web's", image("javascript:alert(1)//barcode.png", "Barcode")],
  ])("does not read %s", (_shape, found) => {
    expect(findBarcodeImage([found])).toBeNull();
  });

  it("prefers the stated digits, which draw crisper than an image", () => {
    expect(findBarcode("Barcode: 123456789012", [image("https://img.example.com/barcode.png")])).toEqual({ kind: "digits", value: "123456789012" });
    expect(findBarcode("No digits here", [image("https://img.example.com/barcode.png")])).toEqual({
      kind: "image",
      url: "https://img.example.com/barcode.png",
    });
    expect(findBarcode("Order #123456789012", [])).toBeNull();
  });
});

describe("how the digits are drawn", () => {
  it.each([
    ["4006381333931", "EAN13"],
    ["012345678905", "UPC"],
    ["96385074", "EAN8"],
    ["4006381333932", "CODE128"],
    ["123456789013", "CODE128"],
    ["123456789012", "UPC"],
    ["98765432109876543210", "CODE128"],
  ])("draws %s as %s", (digits, symbology) => {
    expect(barcodeSymbology(digits)).toBe(symbology);
  });
});

describe("the barcode on the extracted deal", () => {
  it("is carried from an in-store coupon's mail, with its code", async () => {
    const message = await extractDeals(
      buildEmail({
        from: "Example Outfitters <deals@outfitters.example.com>",
        subject: "20% off in store this week",
        html: `<p>Use code STORE20 for 20% off in store.</p><p>Show this at the register.</p><p>Barcode: 4006381333931</p>`,
      }),
    );
    expect(message.deals[0]?.promoCodes).toEqual(["STORE20"]);
    expect(message.deals[0]?.barcode).toEqual({ kind: "digits", value: "4006381333931" });
  });

  it("is the mail's barcode image when it gives no digits", async () => {
    const message = await extractDeals(
      buildEmail({
        from: "Example Outfitters <deals@outfitters.example.com>",
        subject: "20% off in store this week",
        html: `<p>Use code STORE20 for 20% off in store.</p><img src="https://img.outfitters.example.com/coupon/barcode.png" alt="Scan me" width="300" height="100">`,
      }),
    );
    expect(message.deals[0]?.barcode).toEqual({ kind: "image", url: "https://img.outfitters.example.com/coupon/barcode.png" });
  });

  it("is absent from a mail that gives only an order number", async () => {
    const message = await extractDeals(
      buildEmail({
        from: "Example Outfitters <deals@outfitters.example.com>",
        subject: "20% off your next order",
        html: `<p>Use code STORE20 for 20% off.</p><p>Order #123456789012. Questions? Call 1-800-555-0199.</p>`,
      }),
    );
    expect(message.deals[0]?.promoCodes).toEqual(["STORE20"]);
    expect(message.deals[0]?.barcode).toBeUndefined();
  });

  it("is dropped at the boundary when it is not digits of a barcode's length or a web address", () => {
    const deal = {
      title: "Offer",
      description: "",
      brand: "Example",
      brandDomain: "example.com",
      category: "Others" as const,
      promoCodes: [],
      discount: null,
      terms: [],
      codeConditions: [],
      expirationDate: null,
      dealUrl: null,
      imageUrls: [],
      source: "text" as const,
    };
    const clean = (barcode: unknown) =>
      sanitizeExtractedMessage({
        messageId: null,
        isPromotion: true,
        sender: { name: null, address: null },
        subject: null,
        sentAt: null,
        brand: null,
        brandDomain: null,
        deals: [{ ...deal, barcode } as never],
      }).deals[0]?.barcode;
    expect(clean({ kind: "digits", value: "12345" })).toBeUndefined();
    expect(clean({ kind: "digits", value: "1234567890<script>" })).toBeUndefined();
    expect(clean({ kind: "image", url: "javascript:alert(1)//barcode.png" })).toBeUndefined();
    expect(clean({ kind: "image", url: "https://img.example.com/qr.png" })).toEqual({ kind: "image", url: "https://img.example.com/qr.png" });
    expect(clean({ kind: "digits", value: "123456789012" })).toEqual({ kind: "digits", value: "123456789012" });
  });
});
