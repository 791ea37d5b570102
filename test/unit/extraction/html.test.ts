import { describe, expect, it } from "vitest";
import { renderHtml } from "../../../server/extraction/html";

describe("renderHtml", () => {
  it("puts blocks on their own lines and joins inline runs", () => {
    const { text } = renderHtml("<div>Fall <b>sale</b></div><p>Use code <span>AB</span><span>12</span></p><table><tr><td>One</td><td>Two</td></tr></table>");
    expect(text.split("\n")).toEqual(["Fall sale", "Use code AB12", "One Two"]);
  });

  it("collapses whitespace and hard-wrapped lines as a browser does", () => {
    expect(renderHtml("<p>From\r\nOctober 4   through\n October 10</p>").text).toBe("From October 4 through October 10");
  });

  it("keeps hidden elements, styles, scripts and comments out of the visible text", () => {
    const html = [
      "<head><title>T</title><style>.a{color:#ff0000}</style></head>",
      '<div style="display:none">preheader</div><span style="visibility:hidden">x</span>',
      '<div style="max-height:0;overflow:hidden">also hidden</div><!--[if mso]>outlook only<![endif]-->',
      "<p>Shown</p>",
    ].join("");
    const rendered = renderHtml(html);
    expect(rendered.text).toBe("Shown");
    expect(rendered.hiddenText).toContain("preheader");
  });

  it("reads image alt text in place and records image sizes from attributes or style", () => {
    const rendered = renderHtml('<p>Before</p><img src="https://x.test/a.jpg" width="600" height="300" alt="Extra 30% off"><img src="https://x.test/b.jpg" style="width:120px;height:90px">');
    expect(rendered.text).toContain("Extra 30% off");
    expect(rendered.images).toEqual([
      { url: "https://x.test/a.jpg", width: 600, height: 300, alt: "Extra 30% off", className: "", linkHref: null, textBefore: 7 },
      { url: "https://x.test/b.jpg", width: 120, height: 90, alt: "", className: "", linkHref: null, textBefore: 22 },
    ]);
  });

  it("decodes entities and drops zero-width padding", () => {
    expect(renderHtml("<p>Caf&eacute; &amp; bar&nbsp;&#8202;code&#8203;X1</p>").text).toBe("Café & bar codeX1");
  });

  it("collects links with their text, JSON-LD blocks, microdata and code boxes", () => {
    const rendered = renderHtml(
      '<a href="https://shop.test/p">Shop <b>now</b></a><script type="application/ld+json">{"@type":"DiscountOffer"}</script>' +
        '<div itemscope itemtype="http://schema.org/DiscountOffer"><meta itemprop="discountCode" content="M1X"></div>' +
        '<td style="border: 2px dashed #000">SAVE9</td>',
    );
    expect(rendered.links).toEqual([{ href: "https://shop.test/p", text: "Shop now" }]);
    expect(rendered.jsonLd).toEqual(['{"@type":"DiscountOffer"}']);
    expect(rendered.microdata).toEqual([{ type: "DiscountOffer", properties: { discountCode: "M1X" } }]);
    expect(rendered.boxes).toContain("SAVE9");
  });
});

describe("renderHtml: a table column headed Code", () => {
  it("keeps the cells below a Code header, and only those", () => {
    const html =
      "<table><tr><td><table><tr><th>Spend</th><th>Promo code</th></tr>" +
      "<tr><td>$100</td><td>TIERA15</td></tr><tr><td>$200</td><td><b>TIERB40</b></td></tr></table></td></tr></table>";
    expect(renderHtml(html).codeCells).toEqual(["TIERA15", "TIERB40"]);
  });

  it("finds nothing in tables without such a header", () => {
    expect(renderHtml("<table><tr><td>Item</td><td>SKU</td></tr><tr><td>Mug</td><td>MUG-2231</td></tr></table>").codeCells).toEqual([]);
  });
});

describe("renderHtml: copy fields", () => {
  it("shows a read-only input's value as the reader sees it", () => {
    expect(renderHtml('<p>Your code</p><input type="text" value="COPYME5" readonly><input type="hidden" value="SECRET1">').text).toBe("Your code\nCOPYME5");
  });
});

describe("renderHtml: Outlook conditional comments", () => {
  it("keeps what a non-Outlook reader sees and drops Outlook-only blocks", () => {
    const html = '<!--[if mso]><p>Outlook only</p><![endif]--><!--[if !mso]><!--><p>Everyone else</p><!--<![endif]--><p>After</p>';
    expect(renderHtml(html).text).toBe("Everyone else\nAfter");
  });
});
