/** Mail written for the brand logo tests: each brand's promotion, with its logo in its header or its markup. */

export const ACCOUNT = "new.user@example.com";
export const PROMOTIONS = ["CATEGORY_PROMOTIONS", "INBOX"];

/** A brand's promotion with a code of its own, whose HTML opens with `head` (its header, or its markup). */
export function promotion(brand: string, sequence: number, head: string): string {
  const domain = `${brand.toLowerCase()}-shop.test`;
  return [
    `From: ${brand} <deals@news.${domain}>`,
    `To: ${ACCOUNT}`,
    `Subject: 20% off everything at ${brand}`,
    `Date: ${new Date(Date.now() - 86_400_000 + sequence * 60_000).toUTCString().replace("GMT", "+0000")}`,
    `Message-ID: <logo-${brand}-${sequence}@news.${domain}>`,
    "MIME-Version: 1.0",
    "Content-Type: text/html; charset=utf-8",
    `List-Unsubscribe: <https://news.${domain}/unsubscribe>`,
    "",
    `<html><body>${head}<h1>20% off everything</h1>`,
    `<p>Use code <strong>${brand.toUpperCase()}${sequence}</strong> at checkout for 20% off your order.</p>`,
    `<p><a href="https://www.${domain}/sale">Shop the sale</a></p></body></html>`,
    "",
  ].join("\r\n");
}

/** A header logo: the brand's image, linked to its own site, named by its alt text. */
export const header = (brand: string, src: string) => `<a href="https://www.${brand.toLowerCase()}-shop.test/"><img src="${src}" alt="${brand}"></a>`;
/** The sender's schema.org Organization with its logo. */
export const organization = (logo: string) => `<script type="application/ld+json">${JSON.stringify({ "@type": "Organization", logo: { "@type": "ImageObject", url: logo } })}</script>`;
