import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { compareDeals, expiryLabel, expiryStatus, expiryUrgency, sortDeals, type Deal } from "../../../src/domain/deal";
import { dealSearchMatcher, filterDeals, matchesCategory, matchesSearch } from "../../../src/domain/dealSearch";
import { isAcceptableDealImage } from "../../../src/domain/imageRules";
import { dashboardGreeting } from "../../../src/domain/greeting";
import { dealPictureChain } from "../../../src/domain/dealPicture";
import { allStockImageUrls, stockImageUrl, unitFromText } from "../../../src/domain/stockImages";
import { sampleDeal } from "../../../src/ui/pages/dashboard/fixtures";

const TODAY = new Date("2025-10-10T23:30:00Z");

const deal = sampleDeal;

describe("expiry", () => {
  it("is expired only before today, as a UTC date", () => {
    expect(expiryStatus("2025-10-09", TODAY)).toBe("expired");
    expect(expiryStatus("2025-10-10", TODAY)).toBe("expiring-soon");
  });

  it("is expiring soon from 0 to 7 days left, and active from 8", () => {
    expect(expiryStatus("2025-10-10", TODAY)).toBe("expiring-soon");
    expect(expiryStatus("2025-10-17", TODAY)).toBe("expiring-soon");
    expect(expiryStatus("2025-10-18", TODAY)).toBe("later");
  });

  it("is undated without a date", () => {
    expect(expiryStatus(null, TODAY)).toBe("undated");
  });

  it("labels the badge in words that carry its urgency without colour", () => {
    expect(expiryLabel("2025-10-09", TODAY)).toBe("Expired");
    expect(expiryLabel("2025-10-10", TODAY)).toBe("Expires today");
    expect(expiryLabel("2025-10-11", TODAY)).toBe("Expires tomorrow");
    expect(expiryLabel("2025-10-17", TODAY)).toBe("Expires in 7 days");
    expect(expiryLabel(null, TODAY)).toBe("No end date");
  });

  it("puts the badge on an urgency scale: today and tomorrow urgent, within 3 days soon, later calm", () => {
    expect(expiryUrgency("2025-10-09", TODAY)).toBe("expired");
    expect(expiryUrgency("2025-10-10", TODAY)).toBe("urgent");
    expect(expiryUrgency("2025-10-11", TODAY)).toBe("urgent");
    expect(expiryUrgency("2025-10-12", TODAY)).toBe("soon");
    expect(expiryUrgency("2025-10-13", TODAY)).toBe("soon");
    expect(expiryUrgency("2025-10-14", TODAY)).toBe("later");
    expect(expiryUrgency(null, TODAY)).toBe("undated");
  });
});

describe("sort", () => {
  it("puts the soonest first, undated after dated, and expired last", () => {
    const deals = [
      deal({ id: "expired", expirationDate: "2025-10-01" }),
      deal({ id: "undated" }),
      deal({ id: "later", expirationDate: "2025-12-01" }),
      deal({ id: "soon", expirationDate: "2025-10-12" }),
    ];
    expect(sortDeals(deals, TODAY).map((sorted) => sorted.id)).toEqual(["soon", "later", "undated", "expired"]);
  });

  it("keeps two undated deals level", () => {
    expect(compareDeals(TODAY)(deal({}), deal({}))).toBe(0);
  });
});

describe("search", () => {
  const shoes = deal({
    title: "Free shipping on sneakers",
    description: "Members save more",
    brand: "Quarrystone Jewelry",
    brandDomain: "quarrystone.co.uk",
    category: "Fashion",
  });

  it("matches the start of a word, ignoring case", () => {
    expect(matchesSearch(shoes, "SHIP")).toBe(true);
    expect(matchesSearch(shoes, "sneak")).toBe(true);
  });

  it("does not match inside a word", () => {
    expect(matchesSearch(shoes, "hipping")).toBe(false);
    expect(matchesSearch(shoes, "bers")).toBe(false);
  });

  it("looks in the description, brand, brand domain and category", () => {
    expect(matchesSearch(shoes, "members")).toBe(true);
    expect(matchesSearch(shoes, "jewel")).toBe(true);
    expect(matchesSearch(shoes, "co.uk")).toBe(true);
    expect(matchesSearch(shoes, "fash")).toBe(true);
  });

  it("matches a phrase from a word start and takes special characters literally", () => {
    expect(matchesSearch(shoes, "free ship")).toBe(true);
    expect(matchesSearch(shoes, "quarrystone.co")).toBe(true);
    expect(matchesSearch(shoes, "quarrystone.c*")).toBe(false);
  });

  it("lets everything through when blank", () => {
    expect(dealSearchMatcher("   ")(shoes)).toBe(true);
  });

  it("looks in the promo codes, as the search box promises", () => {
    const coded = { ...shoes, promoCode: "SAVE10,FREESHIP" };
    expect(matchesSearch(coded, "save10")).toBe(true);
    expect(matchesSearch(coded, "freeship")).toBe(true);
    expect(matchesSearch(shoes, "save10")).toBe(false);
  });

  it("needs every word of the query, each starting a word in any field", () => {
    expect(matchesSearch(shoes, "sneakers quarrystone")).toBe(true);
    expect(matchesSearch(shoes, "quarrystone free")).toBe(true);
    expect(matchesSearch(shoes, "sneakers boots")).toBe(false);
  });
});

describe("filters", () => {
  const deals = [
    deal({ id: "home-soon", category: "Home", title: "Sofa sale", expirationDate: "2025-10-12" }),
    deal({ id: "home-later", category: "Home", title: "Rugs", expirationDate: "2025-12-01" }),
    deal({ id: "auto-soon", category: "Automotive", title: "Sofa for cars", expirationDate: "2025-10-11" }),
    deal({ id: "expired", category: "Home", title: "Sofa", expirationDate: "2025-10-01" }),
  ];
  const ids = (found: Deal[]) => found.map((kept) => kept.id);

  it("filters by category, ignoring case", () => {
    expect(matchesCategory(deals[0]!, "home")).toBe(true);
    expect(matchesCategory(deals[0]!, "HOME")).toBe(true);
    expect(matchesCategory(deals[2]!, "home")).toBe(false);
    // The current view (the default) holds deals that can still be used; the expired one is in the expired view.
    expect(ids(filterDeals(deals, { category: "home", search: "", expiringOnly: false }, TODAY))).toEqual(["home-soon", "home-later"]);
    expect(ids(filterDeals(deals, { category: "home", search: "", expiringOnly: false, show: "expired" }, TODAY))).toEqual(["expired"]);
  });

  it("keeps only deals expiring soon when asked, never expired ones", () => {
    expect(ids(filterDeals(deals, { category: null, search: "", expiringOnly: true }, TODAY))).toEqual(["home-soon", "auto-soon"]);
  });

  it("combines category, search and expiry", () => {
    expect(ids(filterDeals(deals, { category: "Home", search: "sofa", expiringOnly: true }, TODAY))).toEqual(["home-soon"]);
  });
});

describe("image rules", () => {
  const accept = (width: number, height: number, url = "https://cdn.example.com/p/1.jpg") => isAcceptableDealImage({ url, width, height });

  it("rejects images under 80 px on either side", () => {
    expect(accept(79, 200)).toBe(false);
    expect(accept(200, 79)).toBe(false);
    expect(accept(80, 80)).toBe(true);
  });

  it("rejects aspect ratios above 4 or below 0.2", () => {
    expect(accept(400, 100)).toBe(true);
    expect(accept(401, 100)).toBe(false);
    expect(accept(100, 500)).toBe(true);
    expect(accept(100, 501)).toBe(false);
  });

  it("rejects wide images over 800 px with a ratio over 2.5", () => {
    expect(accept(800, 300)).toBe(true);
    expect(accept(801, 320)).toBe(false);
    expect(accept(900, 360)).toBe(true);
  });

  it("rejects decorative URL words as whole words only", () => {
    for (const word of ["logo", "banner", "icon", "social", "placeholder", "default", "avatar", "profile", "header", "footer", "nav", "menu", "button", "badge", "spacer", "divider", "background", "bg", "strip", "bar"]) {
      expect(accept(300, 300, `https://cdn.example.com/${word}.png`), word).toBe(false);
    }
    expect(accept(300, 300, "https://cdn.example.com/barbecue.png")).toBe(true);
  });
});

describe("greeting", () => {
  it("counts new deals above 0, by first name or email prefix", () => {
    expect(dashboardGreeting(1, { first_name: "Alice", email: "a@x.com" })).toBe("You have 1 new deals today, Alice!");
    expect(dashboardGreeting(0, { first_name: "  ", email: "bob@x.com" })).toBe("Time to score some deals, bob!");
  });
});

describe("stock images", () => {
  it("picks 1 to 5 per category from the random number", () => {
    expect(stockImageUrl("Home", 0)).toBe("/stock/home-1.svg");
    expect(stockImageUrl("Home", 0.2)).toBe("/stock/home-2.svg");
    expect(stockImageUrl("Travel and Local", 0.9999)).toBe("/stock/travel-and-local-5.svg");
  });

  it("picks 1 to 3 generic ones for Others and unknown categories", () => {
    expect(stockImageUrl("Others", 0)).toBe("/stock/generic-1.svg");
    expect(stockImageUrl("Gardening", 0.9999)).toBe("/stock/generic-3.svg");
  });

  it("gives a card its own proxied images, then the stock image its id picks", () => {
    const proxied = `/api/images/${"s".repeat(43)}/aHR0cHM6Ly9jZG4uZXhhbXBsZS5jb20vc29mYS5qcGc`;
    const deal = { id: "deal-7", category: "Home" as const, imageUrls: [proxied, " ", "https://cdn.example.com/sofa.jpg"] };
    const sources = (shown: typeof deal) => dealPictureChain(shown).map((choice) => choice.src);
    expect(sources(deal)).toEqual([proxied, stockImageUrl("Home", unitFromText("deal-7"))]);
    expect(sources({ ...deal, imageUrls: [] })).toEqual([stockImageUrl("Home", unitFromText("deal-7"))]);
  });

  it("has a file for every image it may pick", () => {
    const urls = allStockImageUrls();
    expect(urls).toHaveLength(10 * 5 + 3);
    for (const url of urls) expect(existsSync(`public${url}`), url).toBe(true);
  });

  it("derives a stable number in [0, 1) from a text", () => {
    expect(unitFromText("deal-1")).toBe(unitFromText("deal-1"));
    expect(unitFromText("deal-1")).not.toBe(unitFromText("deal-2"));
    for (const id of ["", "a", "deal-42", "x".repeat(100)]) {
      expect(unitFromText(id)).toBeGreaterThanOrEqual(0);
      expect(unitFromText(id)).toBeLessThan(1);
    }
  });
});
