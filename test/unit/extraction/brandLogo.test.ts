import { describe, expect, it } from "vitest";
import { extractDeals } from "../../../server/extraction";
import { renderHtml } from "../../../server/extraction/html";
import { findBrandLogo } from "../../../server/extraction/logo";
import { readPromotionMarkup } from "../../../server/extraction/markup";
import { sanitizeExtractedMessage } from "../../../server/extraction/sanitize";
import { HttpImageFetcher } from "../../../server/infrastructure/images/httpImageFetcher";
import { buildEmail } from "./email";

const BRAND = { name: "Fernhollow Outfitters", domain: "fernhollow.example" };

/** The logo a mail's HTML gives its brand, through the renderer, the markup reader and the evidence rule. */
function logoOf(html: string, brand = BRAND) {
  const rendered = renderHtml(html);
  const markup = readPromotionMarkup(rendered.jsonLd, rendered.microdata);
  return findBrandLogo(markup?.organizationLogo ?? null, rendered.images, brand);
}

const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const HEADER_LOGO = `<a href="https://www.fernhollow.example/"><img src="https://img.fernhollow.example/brand/mark.png" width="150" height="40" alt="Fernhollow Outfitters"></a>`;

describe("a brand's logo from its schema.org Organization", () => {
  it.each([
    ["a URL", { "@type": "Organization", name: "Fernhollow", logo: "https://cdn.fernhollow.example/logo.png" }, "https://cdn.fernhollow.example/logo.png"],
    ["an ImageObject's url", { "@type": "Organization", logo: { "@type": "ImageObject", url: "https://cdn.fernhollow.example/a.png", width: 120 } }, "https://cdn.fernhollow.example/a.png"],
    ["an ImageObject's contentUrl, never its @id", { "@type": "Organization", logo: { "@type": "ImageObject", "@id": "https://fernhollow.example/#logo", contentUrl: "https://cdn.fernhollow.example/b.png" } }, "https://cdn.fernhollow.example/b.png"],
    ["a list's first web address", { "@type": "Organization", logo: ["data:image/png;base64,iVBORw0KGgo=", "javascript:alert(1)", { url: "https://cdn.fernhollow.example/c.png" }] }, "https://cdn.fernhollow.example/c.png"],
    ["an Organization nested in a @graph", { "@context": "https://schema.org", "@graph": [{ "@type": "DiscountOffer", discountCode: "FERN20" }, { "@type": ["Organization", "Store"], logo: "https://cdn.fernhollow.example/d.png" }] }, "https://cdn.fernhollow.example/d.png"],
  ])("reads %s", (_shape, markup, url) => {
    expect(logoOf(jsonLd(markup) + HEADER_LOGO)).toEqual({ url, evidence: "markup" });
  });

  it("reads microdata: an img or a link with itemprop=logo inside an Organization", () => {
    const img = `<div itemscope itemtype="https://schema.org/Organization"><meta itemprop="name" content="Fernhollow"><img itemprop="logo" src="https://cdn.fernhollow.example/m.png"></div>`;
    expect(logoOf(img)).toEqual({ url: "https://cdn.fernhollow.example/m.png", evidence: "markup" });
    const link = `<div itemscope itemtype="http://schema.org/Organization"><link itemprop="logo" href="https://cdn.fernhollow.example/l.png"></div>`;
    expect(logoOf(link)).toEqual({ url: "https://cdn.fernhollow.example/l.png", evidence: "markup" });
  });

  it("refuses what is no web image and falls back to the header image", () => {
    for (const logo of ["data:image/svg+xml,<svg onload=alert(1)>", "javascript:alert(1)", "file:///etc/passwd", "//no-scheme.example/x.png", "https://user:pass@cdn.fernhollow.example/x.png"]) {
      expect(logoOf(jsonLd({ "@type": "Organization", logo }) + HEADER_LOGO), logo).toEqual({ url: "https://img.fernhollow.example/brand/mark.png", evidence: "header" });
    }
    expect(logoOf(jsonLd({ "@type": "Organization", logo: { "@id": "https://fernhollow.example/#logo" } }))).toBeNull();
  });

  it("takes only an Organization's logo, not a product's image", () => {
    expect(logoOf(jsonLd({ "@type": "Product", logo: "https://cdn.fernhollow.example/p.png", image: "https://cdn.fernhollow.example/q.png" }))).toBeNull();
  });
});

describe("a brand's logo from its mail's header image", () => {
  it("takes the top image whose alt text names the brand", () => {
    expect(logoOf(`<table><tr><td>${HEADER_LOGO}</td></tr></table><h1>20% off</h1>`)).toEqual({ url: "https://img.fernhollow.example/brand/mark.png", evidence: "header" });
  });

  it("takes one whose address or class says logo, and prefers the one linked to the brand's home", () => {
    expect(logoOf(`<img src="https://img.fernhollow.example/h/logo-dark.png" width="120" height="30" alt="">`)?.url).toBe("https://img.fernhollow.example/h/logo-dark.png");
    expect(logoOf(`<img class="header-logo" src="https://img.fernhollow.example/h/a1.png" alt="">`)?.url).toBe("https://img.fernhollow.example/h/a1.png");
    const partner = `<a href="https://partner.example/"><img src="https://partner.example/logo.png" width="100" height="30" alt="Partner logo"></a>`;
    const home = `<a href="https://click.fernhollow.example/c/1"><img src="https://img.fernhollow.example/logo.png" width="100" height="30" alt="logo"></a>`;
    expect(logoOf(partner + home)?.url).toBe("https://img.fernhollow.example/logo.png");
  });

  it("refuses tracking pixels, spacers, banners and images far down the mail", () => {
    const cases = [
      `<img src="https://e.fernhollow.example/o/abc.gif" width="1" height="1" alt="Fernhollow Outfitters logo">`,
      `<img src="https://img.fernhollow.example/spacer.gif" width="600" height="10" alt="logo">`,
      `<img src="https://img.fernhollow.example/brand/logo.png" width="12" height="12" alt="logo">`,
      `<img src="https://img.fernhollow.example/pixel/logo.png" alt="logo">`,
      `<img src="https://img.fernhollow.example/campaign/hero.jpg" width="600" height="320" alt="Fernhollow Outfitters winter sale">`,
      `<img src="https://img.fernhollow.example/brand/strip.png" width="600" height="40" alt="Fernhollow Outfitters">`,
      `<img src="https://img.fernhollow.example/p/boot.jpg" width="120" height="120" alt="Trail boot">`,
      `<p>${"Our winter range is here. ".repeat(20)}</p><img src="https://img.fernhollow.example/footer-logo.png" width="100" height="30" alt="Fernhollow Outfitters">`,
    ];
    for (const html of cases) expect(logoOf(html), html).toBeNull();
  });

  it("keeps an http address for the image proxy to judge, and never a data: or javascript: one", () => {
    expect(logoOf(`<img src="http://img.fernhollow.example/logo.png" width="100" height="30" alt="">`)?.url).toBe("http://img.fernhollow.example/logo.png");
    expect(logoOf(`<img src="data:image/png;base64,iVBORw0KGgo=" width="100" height="30" alt="Fernhollow Outfitters logo">`)).toBeNull();
    expect(logoOf(`<img src=" JaVaScRiPt:alert(1)//logo.png" width="100" height="30" alt="logo">`)).toBeNull();
  });
});

describe("the image proxy's fetcher, for a logo's address", () => {
  const fetcher = new HttpImageFetcher([]);
  it.each([
    "http://img.fernhollow.example/logo.png",
    "https://10.0.0.1/logo.png",
    "https://127.0.0.1/logo.png",
    "https://[::1]/logo.png",
    "https://169.254.169.254/latest/meta-data/logo.png",
    "https://192.168.1.20/logo.png",
    "https://[::ffff:10.0.0.1]/logo.png",
  ])("refuses %s before any request: plain http and private addresses", async (url) => {
    await expect(fetcher.fetchImage(new URL(url))).resolves.toEqual({ ok: false, refusal: "address_refused" });
  });
});

describe("a brand's logo, through the whole extractor", () => {
  it("comes with the deal, the best evidence first, and survives the boundary's cleaning unchanged", async () => {
    const html = [
      jsonLd({ "@type": "Organization", name: "Fernhollow Outfitters", logo: { "@type": "ImageObject", url: "https://cdn.fernhollow.example/org-logo.png" } }),
      HEADER_LOGO,
      `<h1>20% off everything this weekend</h1><p>Use code FERN20 at checkout. Ends Sunday.</p>`,
    ].join("");
    const message = await extractDeals(buildEmail({ from: "Fernhollow Outfitters <news@fernhollow.example>", subject: "20% off everything: code FERN20", html, bulk: true }));
    expect(message.deals).toHaveLength(1);
    expect(message.deals[0]!.brandLogo).toEqual({ url: "https://cdn.fernhollow.example/org-logo.png", evidence: "markup" });
    expect(sanitizeExtractedMessage(message)).toEqual(message);
  });

  it("leaves a deal whose mail shows no logo without one", async () => {
    const message = await extractDeals(
      buildEmail({ from: "Fernhollow Outfitters <news@fernhollow.example>", subject: "20% off everything: code FERN20", html: "<h1>20% off everything</h1><p>Use code FERN20.</p>", bulk: true }),
    );
    expect(message.deals[0]).toBeDefined();
    expect(message.deals[0]!.brandLogo ?? null).toBeNull();
  });
});
