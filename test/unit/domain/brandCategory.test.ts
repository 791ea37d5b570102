import { describe, expect, it } from "vitest";
import {
  MIN_DECISIVE_MAILS,
  NO_EVIDENCE,
  cleanBrandCategoryEvidence,
  cleanMailCategoryEvidence,
  dealCategory,
  dealCategoryByGuess,
  decideBrandCategory,
  mailGuessOf,
  withMailEvidence,
  type BrandCategoryEvidence,
  type MailCategoryEvidence,
} from "../../../src/domain/brandCategory";
import { CATEGORIES, type Category } from "../../../src/domain/category";

const words = (shares: Partial<Record<Category, number>>): MailCategoryEvidence => ({ words: shares, markup: [] });
const markup = (...categories: Category[]): MailCategoryEvidence => ({ words: {}, markup: categories });
const brandOf = (...mails: MailCategoryEvidence[]): BrandCategoryEvidence => mails.reduce(withMailEvidence, NO_EVIDENCE);
const fashionMail = words({ Fashion: 0.8, Shopping: 0.2 });

describe("a brand's category, decided over all of its mail", () => {
  it("one odd mail does not move a brand whose other mails agree", () => {
    const brand = brandOf(fashionMail, fashionMail, fashionMail, fashionMail, words({ Home: 1 }));
    expect(decideBrandCategory(brand)).toEqual({ category: "Fashion", decisive: true });
    // The odd mail's deal takes the brand's category, whatever its own words said.
    expect(dealCategory(decideBrandCategory(brand), "Home")).toBe("Fashion");
  });

  it("markup that declares the sender's trade outweighs what words suggest", () => {
    const brand = brandOf(words({ Fashion: 1 }), words({ Fashion: 1 }), markup("Travel and Local"));
    expect(decideBrandCategory(brand)).toEqual({ category: "Travel and Local", decisive: true });
    // The same three mails with the markup's mail saying it only in words: the words' majority wins.
    expect(decideBrandCategory(brandOf(words({ Fashion: 1 }), words({ Fashion: 1 }), words({ "Travel and Local": 1 })))?.category).toBe("Fashion");
  });

  it("too little evidence keeps each mail's own guess", () => {
    const brand = brandOf(fashionMail, fashionMail);
    expect(brand.mails).toBeLessThan(MIN_DECISIVE_MAILS);
    expect(decideBrandCategory(brand)).toEqual({ category: "Fashion", decisive: false });
    expect(dealCategory(decideBrandCategory(brand), "Home")).toBe("Home");
    // Even markup needs company: one mail is one mail.
    expect(dealCategory(decideBrandCategory(brandOf(markup("Pets"))), "Home")).toBe("Home");
  });

  it("a mail whose words point nowhere follows its brand's leaning, and Others when there is none", () => {
    expect(dealCategory(decideBrandCategory(brandOf(fashionMail)), null)).toBe("Fashion");
    expect(dealCategory(null, null)).toBe("Others");
    expect(dealCategory(null, "Pets")).toBe("Pets");
  });

  it("a split brand decides nothing: no category holds more than half of the votes", () => {
    const split = brandOf(words({ Fashion: 1 }), words({ Fashion: 1 }), words({ Home: 1 }), words({ Home: 1 }));
    expect(decideBrandCategory(split)).toBeNull();
    expect(dealCategory(decideBrandCategory(split), "Home")).toBe("Home");
    expect(dealCategory(decideBrandCategory(split), "Fashion")).toBe("Fashion");
    const thin = brandOf(words({ Fashion: 0.4, Home: 0.3, Beauty: 0.3 }), words({ Fashion: 0.4, Home: 0.3, Beauty: 0.3 }), words({ Fashion: 0.4, Home: 0.3, Beauty: 0.3 }));
    expect(decideBrandCategory(thin)).toBeNull();
  });

  it("a mail that says nothing is no evidence", () => {
    const brand = brandOf(fashionMail);
    expect(withMailEvidence(brand, words({}))).toBe(brand);
    expect(decideBrandCategory(NO_EVIDENCE)).toBeNull();
  });

  it("gives every guess its deal's category, so a store can move a brand's deals at once", () => {
    const decided = decideBrandCategory(brandOf(fashionMail, fashionMail, fashionMail));
    const byGuess = dealCategoryByGuess(decided);
    expect(Object.keys(byGuess).sort()).toEqual(["", ...CATEGORIES].sort());
    expect(new Set(Object.values(byGuess).map((answer) => `${answer.category} ${answer.fromBrand}`))).toEqual(new Set(["Fashion true"]));
    const leaning = dealCategoryByGuess(decideBrandCategory(brandOf(fashionMail)));
    expect(leaning[""]).toEqual({ category: "Fashion", fromBrand: true });
    expect(leaning.Home).toEqual({ category: "Home", fromBrand: false });
    expect(dealCategoryByGuess(null)[""]).toEqual({ category: "Others", fromBrand: false });
  });

  it("tells a mail's guess of Others from a mail that said nothing", () => {
    expect(mailGuessOf("Others", words({}))).toBeNull();
    expect(mailGuessOf("Others", null)).toBeNull();
    expect(mailGuessOf("Others", words({ Others: 1 }))).toBe("Others");
    expect(mailGuessOf("Pets", words({}))).toBe("Pets");
  });

  it("lets only known categories and sane numbers through", () => {
    const hostile = { words: { Fashion: 0.5, Nope: 1, Home: Number.NaN, Pets: 7 }, markup: ["Pets", "Pets", "Bogus"] } as unknown as MailCategoryEvidence;
    expect(cleanMailCategoryEvidence(hostile)).toEqual({ words: { Fashion: 0.5 }, markup: ["Pets"] });
    expect(cleanBrandCategoryEvidence(null)).toEqual(NO_EVIDENCE);
    expect(cleanBrandCategoryEvidence({ mails: -2, words: { Fashion: 2, Nope: 3 }, markup: { Pets: "x" } })).toEqual({ mails: 0, words: { Fashion: 2 }, markup: {} });
  });
});
