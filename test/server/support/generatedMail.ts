/**
 * Promotional emails generated for load and resilience tests: each has one code, known in advance, so a test can
 * say exactly which deals a complete sync must end with.
 */
const BRANDS = ["Alderbrook", "Brightwater", "Cobblestone", "Driftwood", "Emberly", "Foxglove", "Glenmore", "Hollowell"];

export function generatedCode(index: number): string {
  return `SAVE${String(index).padStart(5, "0")}`;
}

export function generatedPromotion(index: number, sentAt: Date): string {
  const brand = BRANDS[index % BRANDS.length]!;
  const domain = `${brand.toLowerCase()}-shop.test`;
  const percent = 10 + (index % 5) * 5;
  return [
    `From: ${brand} <deals@news.${domain}>`,
    "To: new.user@example.com",
    `Subject: ${percent}% off everything, offer ${index}`,
    `Date: ${sentAt.toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <offer-${index}@news.${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    `List-Unsubscribe: <https://news.${domain}/unsubscribe?u=${index}>`,
    "",
    `<html><body><h1>${percent}% off everything</h1>`,
    `<p>Use code <strong>${generatedCode(index)}</strong> at checkout for ${percent}% off your order.</p>`,
    `<p><a href="https://www.${domain}/sale?utm_source=email">Shop the sale</a></p>`,
    `<p>${brand}, 12 Harbour Road, Springfield</p></body></html>`,
    "",
  ].join("\r\n");
}
