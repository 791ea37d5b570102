import { describe, expect, it } from "vitest";
import { brandDomainOf, brandNameOf, isStaffName, registrableDomain } from "../../../server/extraction/brand";
import { isPromotional, nameMatchesAddress } from "../../../server/extraction/classify";
import { findDiscount, findTerms } from "../../../server/extraction/discount";
import { pickDealImages } from "../../../server/extraction/images";
import { readPromotionMarkup } from "../../../server/extraction/markup";
import { parseDateHeader } from "../../../server/extraction/mime";
import { guessCategory, guessSubcategory } from "../../../server/extraction/subcategory";
import { localDateString, namedZoneOffset, zoneNamedInText } from "../../../server/extraction/timezone";
import { readMultiBuys } from "../../../src/domain/multiBuy";

describe("brand", () => {
  it.each([
    ["offers@news.brand.co.uk", "brand.co.uk"],
    ["hola@correo.tienda.com.mx", "tienda.com.mx"],
    ["hi@mail.studio.app", "studio.app"],
    ["a@x.y.z.shop.net", "shop.net"],
  ])("registrable domain of %s is %s", (address, domain) => {
    expect(registrableDomain(address)).toBe(domain);
  });

  it("uses the most linked shop domain when an ESP domain sent the mail", () => {
    expect(brandDomainOf("news@mcsv.net", ["https://facebook.com/x", "https://www.acme-tools.com/a", "https://acme-tools.com/b"])).toBe("acme-tools.com");
    expect(brandDomainOf("news@mail.acme-tools.com", ["https://other.com"])).toBe("acme-tools.com");
  });

  it("recognises an unlisted ESP: its domain has nothing of the name, the links or the Reply-To spell it", () => {
    const links = ["https://go.blastly.example/c/1", "https://www.ironkettle.com/a", "https://ironkettle.com/b"];
    expect(brandDomainOf("ironkettle@send.blastly.example", links, "Iron Kettle Fitness")).toBe("ironkettle.com");
    expect(brandDomainOf("ironkettle@send.blastly.example", [], "Iron Kettle", { replyTo: "Iron Kettle <help@ironkettle.com.au>" })).toBe("ironkettle.com.au");
  });

  it("keeps the From domain when it spells the name, or when nothing else does", () => {
    expect(brandDomainOf("fares@mail.flyhalcyon.com", ["https://partnerhotels.com/x"], "Halcyon Air")).toBe("flyhalcyon.com");
    expect(brandDomainOf("hi@mail.olive-grove.com", ["https://olivegrovegifts.com/x"], "Olive & Grove")).toBe("olive-grove.com");
    expect(brandDomainOf("news@e.parentco.com", ["https://elsewhere.com/x"], "Hazel Row")).toBe("parentco.com");
  });

  it("names the brand without department suffixes, preferring the markup's organisation", () => {
    expect(brandNameOf("Lumen Cycles Service", null, "lumencycles.com")).toBe("Lumen Cycles");
    expect(brandNameOf('"Oak & Ivy Team"', null, "oakandivy.com")).toBe("Oak & Ivy");
    expect(brandNameOf("Maya from Parcelbox", null, "parcelbox.io")).toBe("Parcelbox");
    expect(brandNameOf("Anything", "Oak & Ivy Home", "oakandivy.com")).toBe("Oak & Ivy Home");
    // No display name: a publisher's title, named by its mailbox and written out in the mail, over the publisher's domain.
    const issue = "The new issue of Garden Table is here. Subscribe to Garden Table.";
    expect(brandNameOf(null, null, "publishermail.com", issue, "gardentable@eml.publishermail.com")).toBe("Garden Table");
    // Only a name of several words: a mailbox's role or a word the mail happens to write is not a title.
    expect(brandNameOf(null, null, "publishermail.com", "Newsletters from us", "newsletters@publishermail.com")).toBe("Publishermail");
    expect(brandNameOf(null, null, "publishermail.com", issue, "tim@publishermail.com")).toBe("Publishermail");
    expect(brandNameOf(null, null, "oakandivy.com")).toBe("Oakandivy");
    expect(brandNameOf("Lumen Auto Care", null, "lumenautocare.com")).toBe("Lumen Auto Care");
    expect(brandNameOf("The Tin Store", null, "tinstore.com")).toBe("The Tin Store");
    expect(brandNameOf("Cloudhem · Members", null, "cloudhem.com")).toBe("Cloudhem");
    expect(brandNameOf("Halden Party Announcements", null, "haldenparty.org")).toBe("Halden Party");
    expect(brandNameOf("Robin Vale's Mailing List", null, "robinvale.com")).toBe("Robin Vale");
    expect(brandNameOf('"Cloudhem .ie"', null, "cloudhem.ie")).toBe("Cloudhem.ie");
    expect(brandNameOf("Cloudhem:", null, "cloudhem.com")).toBe("Cloudhem");
    expect(brandNameOf("Cloudhem: 20% off everything", null, "cloudhem.com")).toBe("Cloudhem");
    expect(brandNameOf("Cloudhem VIP", null, "cloudhem.com")).toBe("Cloudhem");
    // A platform the shop sends through, a region in brackets, and departments in the other languages we read.
    expect(brandNameOf("Larkspur Outfitters via Shopify", null, "shopifyemail.com")).toBe("Larkspur Outfitters");
    expect(brandNameOf("Larkspur (EU)", null, "larkspur.eu")).toBe("Larkspur");
    for (const department of ["Angebote", "Kundenservice", "Offres", "Service client", "Ofertas", "Promozioni", "Aanbiedingen", "Promoções"]) {
      expect(brandNameOf(`Larkspur ${department}`, null, "larkspur.example")).toBe("Larkspur");
    }
    // "Via" that begins a name is the name's own.
    expect(brandNameOf("Via Ferrata Outdoor", null, "viaferrata.example")).toBe("Via Ferrata Outdoor");
    // "The X Team" is X's team: with the department gone, its "The" goes too; "The Tin Store" above keeps its own.
    expect(brandNameOf("The Oak & Ivy Team", null, "oakandivy.com")).toBe("Oak & Ivy");
    expect(brandNameOf("The Daily Wren Team", null, "thedailywren.com")).toBe("The Daily Wren");
    // Emoji and a national shop's country in brackets decorate the name.
    expect(brandNameOf("Cloudhem 🎄", null, "cloudhem.com")).toBe("Cloudhem");
    expect(brandNameOf("🎁 Cloudhem ✨", null, "cloudhem.com")).toBe("Cloudhem");
    expect(brandNameOf("Cloudhem (US)", null, "cloudhem.com")).toBe("Cloudhem");
    expect(brandNameOf("Cloudhem (Deutschland)", null, "cloudhem.de")).toBe("Cloudhem");
    expect(brandNameOf("Cloudhem (Outlet)", null, "cloudhem.com")).toBe("Cloudhem (Outlet)");
  });

  it("names a brand with no display name as its mail writes the domain's name", () => {
    const text = "BIRCH & BRAMBLE\nNew at Birch & Bramble this week. Visit birchandbramble.com or a Birch & Bramble store.";
    expect(brandNameOf(null, null, "birchandbramble.com", text)).toBe("Birch & Bramble");
    expect(brandNameOf(null, null, "rowantate.com", "Rowan Tate's blog on marketing")).toBe("Rowan Tate");
    expect(brandNameOf(null, null, "hobbs.example", "Only at Hobb's: the Friends sale")).toBe("Hobb's");
    expect(brandNameOf(null, null, "silverkettle.com", "SILVER KETTLE\nThe best of Silver Kettle, weekly")).toBe("Silver Kettle");
    expect(brandNameOf(null, null, "quillo.com", "Thanks for trying Quillo.com, from the Quillo.com team")).toBe("Quillo.com");
    expect(brandNameOf(null, null, "hollowledger.com", "Today in The Hollow Ledger. Subscribe to The Hollow Ledger")).toBe("The Hollow Ledger");
    // Initials, then the rest in full: "The Harbor City Ledger" for hcledger.com; never when the mail writes the name
    // whole, as an acronym does ("FOTW" for fotw.org, though "Friends Of The Woods" spells it too).
    const footer = "You signed up for the Morning Brief.\nThe Harbor City Ledger Company, 12 Quay Street";
    expect(brandNameOf(null, null, "hcledger.com", footer, "brief@hcledger.com")).toBe("The Harbor City Ledger");
    expect(brandNameOf(null, null, "fotw.org", "FOTW news: Friends Of The Woods Email update")).toBe("FOTW");
    expect(brandNameOf(null, null, "hcledger.com", "the harbor city ledger, in lower case")).toBe("Hcledger");
    // A lowercase run may be an ordinary word, and a shouted address is no name: the domain then spells it.
    expect(brandNameOf(null, null, "aura.com", "the aura of a good routine")).toBe("Aura");
    expect(brandNameOf(null, null, "glimmertv.com", "Watch at GLIMMERTV.COM")).toBe("Glimmertv");
    expect(brandNameOf(null, null, "oakandivy.com", "Shop at https://www.OakAndIvy.com/new")).toBe("Oakandivy");
  });

  it("takes no brand from a display name that is an address or only a mailbox's role", () => {
    expect(brandNameOf("Mira-Vale@starchart.com", null, "starchart.com", "Your Starchart horoscope")).toBe("Starchart");
    expect(brandNameOf("Mailer", null, "codeharbor.net", "News from CodeHarbor")).toBe("CodeHarbor");
    expect(brandNameOf("No-Reply", null, "cloudhem.com")).toBe("Cloudhem");
  });

  it("tells a person writing for an organisation from a person who is the brand", () => {
    expect(isStaffName("Ada Quill", "adaq@brightforge.com", "brightforge.com")).toBe(true);
    expect(isStaffName("Owen Marsh", "owenm@stopjunk.org", "stopjunk.org")).toBe(true);
    expect(isStaffName("Rowan Tate", "rowan@rowantate.com", "rowantate.com")).toBe(false);
    expect(isStaffName("Copper Kettle", "copper.news@mail.copperkettle.com", "copperkettle.com")).toBe(false);
    expect(isStaffName("Jane Doe", "janedoe@substack.com", "substack.com")).toBe(false);
    expect(isStaffName("Jane Doe", "janedoe@substack.com", "janedoe.com")).toBe(false);
  });

  it("drops two or more trade words the domain leaves out, and keeps one trade word or a company form", () => {
    expect(brandNameOf("Boltry Auto Parts", null, "boltry.com")).toBe("Boltry");
    expect(brandNameOf("Fenwick & Vale Home Goods", null, "fenwickandvale.co.uk")).toBe("Fenwick & Vale");
    expect(brandNameOf("Boltry Auto Parts", null, "boltryautoparts.com")).toBe("Boltry Auto Parts");
    expect(brandNameOf("Casa Niebla Cosmética", null, "casaniebla.com.mx")).toBe("Casa Niebla Cosmética");
    expect(brandNameOf("Harrowgate Paint Co.", null, "harrowgate.com")).toBe("Harrowgate Paint Co.");
    expect(brandNameOf("Gearly Tire & Auto", null, "gearlytire.com")).toBe("Gearly Tire & Auto");
  });

  it("drops the country a national shop adds to the name its domain spells, and keeps one the domain spells too", () => {
    expect(brandNameOf("Boltry Deutschland", null, "boltry.de")).toBe("Boltry");
    expect(brandNameOf("Boltry España", null, "boltry.es")).toBe("Boltry");
    expect(brandNameOf("Boltry UK", null, "boltry.co.uk")).toBe("Boltry");
    expect(brandNameOf("Aero France", null, "aerofrance.fr")).toBe("Aero France");
    expect(brandNameOf("Boltry Italia", null, "boltryitalia.it")).toBe("Boltry Italia");
  });
});

describe("category", () => {
  it.each([
    ["Torque Garage", "Winter tire sale", "Brake and oil change coupons for your vehicle", "Automotive"],
    ["Bloom Apothecary", "New serums", "Our skincare serums and lip tints", "Beauty"],
    ["Northside Pharmacy", "Vitamins week", "Vitamins and supplements 15% off", "Health"],
    ["Happy Tails", "Treats for your dog", "Kibble, litter and dog treats", "Pets"],
    ["Maple Department Stores", "Doorbusters", "Toys, electronics and more doorbusters", "Shopping"],
    ["Linen Loft", "Bedding sale", "Duvet covers, sheets and rugs", "Home"],
    ["Atlas Outings", "City breaks", "3-night city breaks from $299, flights included.", "Travel and Local"],
    ["Atlas Tours", "Autumn escapes", "Guided walks and river cruises from $99.", "Travel and Local"],
    ["Saffron Kitchen", "Order tonight", "Free delivery on your takeaway tonight: curry, naan and more.", "Travel and Local"],
    ["Quill & Co", "Back to school", "Notebooks, pens and planners: 20% off.", "Shopping"],
    ["Summit Credit Union", "Savings bonus", "Open a savings account, 4% APY", "Finance"],
    ["Thread & Needle", "Knits are here", "Sweaters, dresses and jackets", "Fashion"],
    ["Bluewing Airlines", "Fares to the coast", "Book flights and save on fares", "Travel and Local"],
    ["Notebox", "Pro plan sale", "Upgrade your app subscription and sync across devices", "Software and Apps"],
    ["Ledgerly", "Close the books faster", "Accounting and invoicing for small teams. See plans", "Software and Apps"],
    ["Maison Sable", "-20 % sur vos soins", "Nos crèmes et parfums préférés", "Beauty"],
    ["Topfhaus", "15 % auf Töpfe und Pfannen", "Alles für Ihre Küche", "Home"],
    ["Moda Brisa", "Rebajas", "Abrigos, vestidos y zapatos", "Fashion"],
    ["Farmácia Sol", "Cupom de 10%", "Vitaminas e suplementos", "Health"],
    ["Roastwell", "Half off your first box", "Four small-batch coffees delivered", "Travel and Local"],
    ["Calzados Ribera", "Rebajas de invierno", "Botines y botas de piel", "Fashion"],
    ["Laine Douce", "-15 % sur la maille", "Nos pulls en cachemire", "Fashion"],
    ["Gartenwelt Moos", "20 % auf Pflanzkübel", "Alles für den Garten", "Home"],
    ["Reefline", "Summer drop", "New swimwear and bikinis", "Fashion"],
    ["Mundo Pet", "Cupom de 10%", "Ração e petiscos para o seu cão", "Pets"],
    // Compounds that end in a garment or in feed, and a wardrobe that is furniture.
    ["Nordfalke", "Nur bis Sonntag: 20 % auf alle Winterjacken", "Jetzt Winterjacken und Strickjacken entdecken", "Fashion"],
    ["Huis & Co", "Winterjassen -30%", "Ontdek onze damesschoenen en winterjassen", "Fashion"],
    ["Tierhof", "Trockenfutter im Angebot", "Trockenfutter und Nassfutter für Ihren Hund", "Pets"],
    ["Raumwerk", "Jetzt zugreifen", "Kommode und Kleiderschrank 20 % günstiger", "Home"],
    ["Greengrocer Co", "Fresh deals this week", "Save on fresh produce, dairy and bakery items at your local store.", "Shopping"],
    ["Gamevault", "New releases", "PS5 and Xbox games, controllers and gaming headsets.", "Software and Apps"],
    ["Pageturn", "Books of the year", "Bestselling novels, audiobooks and e-books.", "Shopping"],
    ["Ledgerline", "Plans chosen for you", "Accounting and invoicing for small teams, with hand-chosen plans", "Software and Apps"],
    // Words that start with an umlaut.
    ["Kranz & Söhne", "Ölwechsel zum Sonderpreis", "Jetzt Termin für den Ölwechsel buchen", "Automotive"],
    ["Landhaus Linde", "Übernachtung zum halben Preis", "Jede zweite Übernachtung gratis, Frühstück inklusive", "Travel and Local"],
  ])("%s -> %s", (sender, subject, body, category) => {
    expect(guessCategory(sender, subject, body)).toBe(category);
  });

  it("keeps subcategories the shared map lacks, which map to Others", () => {
    expect(guessSubcategory("The Daily Ledger", "Subscribe", "Our reporting, essays and the crossword")).toBe("media");
    expect(guessCategory("The Daily Ledger", "Subscribe", "Our reporting, essays and the crossword")).toBe("Others");
    expect(guessCategory("Someone", "Hello", "Nothing to see")).toBe("Others");
  });
});

describe("classify", () => {
  const base = { headers: new Map([["list-unsubscribe", "<mailto:u@x.test>"]]), hasMarkup: false, fromLooksPersonal: false };
  it("calls bulk marketing mail promotional", () => {
    expect(isPromotional({ ...base, subject: "New arrivals", body: "Fresh styles just landed." })).toBe(true);
  });
  it("calls mail with two transactional details in the body not promotional", () => {
    expect(isPromotional({ ...base, subject: "Hi Sam", body: "Confirmation number ABC123. Your boarding pass is attached." })).toBe(false);
    expect(isPromotional({ ...base, subject: "Hi Sam", body: "Order number 5512 and 20% off your next order." })).toBe(true);
  });

  it("calls transactional mail not promotional even with a code or a sale in it", () => {
    expect(isPromotional({ ...base, subject: "Your order #123 is confirmed", body: "Use code NEXT10 on your next order. SALE" })).toBe(false);
    expect(isPromotional({ ...base, subject: "Hello", body: "Tracking number 1Z. Estimated delivery Friday." })).toBe(false);
  });
  it("recognises a person by a display name that spells the address", () => {
    expect(nameMatchesAddress("Robin Vale", "robin.vale@post.example")).toBe(true);
    expect(nameMatchesAddress("Robin Vale", "rvale@post.example")).toBe(true);
    expect(nameMatchesAddress("Robin Vale", "hello@robinvale.com")).toBe(false);
    expect(nameMatchesAddress("Copper Kettle", "offers@mail.copperkettle.com")).toBe(false);
    expect(nameMatchesAddress("Noor Haddad", "noor.hadd@post.example")).toBe(true);
    expect(nameMatchesAddress("Copper Kettle", "copper.news@mail.copperkettle.com")).toBe(false);
  });

  it("reads receipts, statements and reminders from two of their details", () => {
    expect(isPromotional({ ...base, subject: "Thanks for stopping by", body: "Here's your receipt. Total charged: $54.20 to Visa ending 1881." })).toBe(false);
    expect(isPromotional({ ...base, subject: "Hi Sam", body: "Subtotal $84.00\nShip to: 12 Oak St\nTotal $91.22" })).toBe(false);
    expect(isPromotional({ ...base, subject: "See you soon", body: "Friday at 10 AM with Dr. Lee. Reply C to confirm, or call to reschedule your appointment." })).toBe(false);
    expect(isPromotional({ ...base, subject: "$15 off", body: "Take $15 off a merchandise subtotal of $75 or more. Your one-time code: AB12CD" })).toBe(true);
    expect(isPromotional({ ...base, subject: "A gift for you", body: "You've received a $50 gift card! Gift card number: 6048 1120 8812 PIN: 5521" })).toBe(false);
    expect(isPromotional({ ...base, subject: "A gift for you", body: "Spend $100 and get a $20 gift card. Ends Sunday." })).toBe(true);
  });

  it("calls an editorial newsletter that sells nothing not promotional, and one with an offer promotional", () => {
    const body = "This week in the orchard: pruning old apple trees, and a reader's cider press. Read more on our site.";
    expect(isPromotional({ ...base, subject: "The Orchard Letter", body })).toBe(false);
    expect(isPromotional({ ...base, subject: "The Orchard Letter", body: `${body} Members save 15% on pruning saws.` })).toBe(true);
  });

  it("calls promotional mail without bulk headers from a brand's own root domain promotional when it is full of offers", () => {
    const direct = { headers: new Map(), hasMarkup: false, fromLooksPersonal: false };
    expect(isPromotional({ ...direct, subject: "20% off everything", body: "Use code SAVE20. Sale ends Sunday. Free shipping." })).toBe(true);
  });

  it("calls mail without bulk headers from a person not promotional", () => {
    const personal = { headers: new Map(), hasMarkup: false, fromLooksPersonal: true };
    expect(isPromotional({ ...personal, subject: "Sale!", body: "30% off sale, great deal, save big" })).toBe(false);
  });
});

describe("discount and terms", () => {
  it.each([
    [["Take 25% off everything"], "25% off"],
    [["Up to 60% off outerwear"], "up to 60% off"],
    [["$20 off orders of $100 or more"], "$20 off $100"],
    [["$20 off $100+"], "$20 off $100"],
    [["$15 off your first order"], "$15 off"],
    [["BOGO on all socks"], "buy one, get one free"],
    [["Buy one, get one free"], "buy one, get one free"],
    [["Buy any wiper blade and get the second one free"], "buy one, get one free"],
    [["Buy one blade, get one free"], "buy one, get one free"],
    [["Free shipping on orders over $50"], "free shipping over $50"],
    [["Earn a $300 bonus"], "$300 bonus"],
    // Money to spend later for a spend now; a price for a few weeks or months.
    [["Spend $100, get a $20 gift card."], "$20 gift card with $100 purchase"],
    [["Get a $25 gift card when you spend $150"], "$25 gift card with $150 purchase"],
    [["Receive a $10 eGift card with a purchase of $75"], "$10 gift card with $75 purchase"],
    [["Earn a $15 reward"], "$15 reward"],
    [["You've earned a $10 reward. Use it by Dec 31."], "$10 reward"],
    [["Get a $50 gift card for $40"], null],
    [["Get 3 months for $1"], "3 months for $1"],
    [["Try 3 months of Premium for $0.99"], "3 months for $0.99"],
    [["$5 for 3 months of streaming"], "3 months for $5"],
    [["Your first 4 weeks for just £1"], "4 weeks for £1"],
    [["3 Monate für nur 1 €"], "3 months for €1"],
    [["3 mois pour 1 €"], "3 months for €1"],
    [["6 meses por R$ 1,90"], "6 months for R$1.90"],
    [["12 months for $99"], null],
    // A percent written out; a saving "up to" an amount; a saving that repeats with the spend.
    [["20 percent off everything"], "20% off"],
    [["20 Prozent Rabatt auf alles"], "20% off"],
    [["20 pour cent de réduction"], "20% off"],
    [["20 por ciento de descuento"], "20% off"],
    [["Our 100 percent cotton tees"], null],
    [["Twenty percent off everything"], "20% off"],
    [["Take twenty-five percent off"], "25% off"],
    [["One hundred percent cotton"], null],
    [["Get up to $300 off"], "up to $300 off"],
    [["Savings of up to $200"], "up to $200 off"],
    [["$20 off every $100 you spend"], "$20 off every $100"],
    [["Save $10 for every $50 spent"], "$10 off every $50"],
    [["$10 off your $50+ purchase"], "$10 off $50"],
    [["Spend $50, save $10"], "$10 off $50"],
    [["Buy 2, save 10%; buy 3, save 20%"], "up to 20% off"],
    // "Extra" between the percent and its word, the saving's noun first, "bis -50 %", "superiori a", "2°".
    [["Sconto extra del 10% sui saldi"], "10% off"],
    [["Descuento adicional del 10 %"], "10% off"],
    [["Réduction supplémentaire de 10 %"], "10% off"],
    [["Desconto extra de 10%"], "10% off"],
    [["10 % extra Rabatt auf Sale"], "10% off"],
    [["Sale: bis -50 %"], "up to 50% off"],
    [["Gültig bis 6.12."], null],
    [["Spedizione gratuita per ordini superiori a 50 €"], "free shipping over €50"],
    [["Il 2° articolo a metà prezzo"], "buy one, get one half off"],
    // A percent with its code, by every noun the code reader knows (server/extraction/codeWords.ts).
    [["20 % mit dem Aktionscode HERBST20"], "20% off"],
    [["20% met de actiecode HERFST20"], "20% off"],
    [["15% with voucher code SNOW15"], "15% off"],
    [["Buy 3 or more and get 20% off"], "20% off"],
    // A voucher for an amount is that amount off, in each language; one bought or given as a present is not.
    [["Your $10 voucher: WELCOME10"], "$10 off"],
    [["Here's a $10 coupon for your next order"], "$10 off"],
    [["Dein persönlicher Gutschein über 10 €"], "€10 off"],
    [["Ihr 10 € Gutschein ab 50 € Bestellwert"], "€10 off €50"],
    [["Votre bon de réduction de 10 €"], "€10 off"],
    [["Un cupón de 10 € para ti"], "€10 off"],
    [["10 € de regalo en tu primera compra"], "€10 off"],
    [["Un buono sconto da 10 €"], "€10 off"],
    [["Je tegoedbon van € 10"], "€10 off"],
    [["Um cupom de R$ 20 para você"], "R$20 off"],
    [["Verschenke einen 50 € Gutschein zu Weihnachten"], null],
    [["Buy a $50 voucher for a friend"], null],
    [["Give a $25 gift voucher"], null],
    // The giving words are looked for before the voucher in its own text, not in the subject read with it.
    [["Buy gifts for everyone", "Here's a $10 coupon for your next order"], "$10 off"],
    [["10 € Rabatt ab einer Bestellung von 50 €"], "€10 off €50"],
    [["Alle Mäntel 10 € günstiger"], "€10 off"],
    [["Jetzt 15 € sparen"], "€15 off"],
    [["Mäntel um 30 € reduziert"], "€30 off"],
    [["Mäntel auf 30 € reduziert"], null],
    [["Earn 50,000 bonus miles"], "50,000 bonus miles"],
    [["25% de descuento en toda la tienda"], "25% off"],
    [["Fares from $59 one way"], "fares from $59"],
    [["Rooms starting at $129 a night"], "rooms from $129"],
    [["A free appetizer with any two entrées"], "free appetizer"],
    [["Start your free trial"], "free trial"],
    [["Nothing here"], null],
    [["Save $15 on orders over $75"], "$15 off $75"],
    [["Register before July 31 and save $300."], "$300 off"],
    [["Now $42.14 Save $5.62"], null],
    [["Mit dem Code WINTER20 sparst du 20 % auf alles."], "20% off"],
    [["10 € Rabatt ab 50 € Bestellwert"], "€10 off €50"],
    // Money as the product writes it everywhere (src/domain/money.ts), in every currency a shop may state.
    [["10 € Rabatt ab 1.000 € Bestellwert"], "€10 off €1,000"],
    [["49,99 € Rabatt auf die Jacke"], "€49.99 off"],
    [["CHF 20 Rabatt ab CHF 100"], "CHF\u00a020 off CHF\u00a0100"],
    [["20 CHF Rabatt ab 100 CHF Bestellwert"], "CHF\u00a020 off CHF\u00a0100"],
    [["20 GBP off everything"], "£20 off"],
    [["Save C$15 on orders over C$75"], "CA$15 off CA$75"],
    [["A$20 off your first order"], "A$20 off"],
    // A range saved, shipping at a speed, a first month free.
    [["Save 20–50% sitewide"], "20–50% off"],
    [["Save 20-50% on boots"], "20–50% off"],
    [["Free 2-day shipping on all orders"], "free shipping"],
    [["Free standard shipping on orders over $49"], "free shipping over $49"],
    [["Free shipping on orders of $50 or more"], "free shipping over $50"],
    [["Free shipping on all orders $35+"], "free shipping over $35"],
    [["Free next-day delivery this weekend"], "free delivery"],
    [["First month free"], "free first month"],
    [["Your first box is on us"], "free first box"],
    // A percent a code gives, named by the code's noun or by its shape; not a percent with anything else.
    [["20 % mit dem Code WINTER20"], "20% off"],
    [["20 % con el código INVIERNO20"], "20% off"],
    [["20% con il codice INVERNO20"], "20% off"],
    [["20% com VERAO20"], "20% off"],
    [["20% met de code WINTER20"], "20% off"],
    [["Up to 30% with code SAVE30"], "up to 30% off"],
    [["Earn 5% with your card"], null],
    [["Battery at 20% with fast charge"], null],
    // A percent with its verb after it, as German and Dutch put it.
    [["Jetzt 20 % sparen"], "20% off"],
    [["Alle Mäntel 20 % günstiger"], "20% off"],
    [["Heute ist der letzte Tag, um 25 % mit LETZT25 zu sparen."], "25% off"],
    [["Alles 20% goedkoper"], "20% off"],
    // Minimum words that start with an accented letter ("à partir de", "über").
    [["10 € de réduction à partir de 60 € d'achat"], "€10 off €60"],
    [["Livraison gratuite à partir de 50 €"], "free shipping over €50"],
    [["Kostenloser Versand über 50 €"], "free shipping over €50"],
    [["Bis zu 50 % reduziert"], "up to 50% off"],
    [["-20 % sur tout"], "20% off"],
    [["Jusqu'à -50 % sur les manteaux"], "up to 50% off"],
    [["10 € offerts dès 50 € d'achat"], "€10 off €50"],
    [["Hasta un 50 % de descuento"], "up to 50% off"],
    [["Ahorra 10 € en tu pedido"], "€10 off"],
    [["20% di sconto su tutto"], "20% off"],
    [["Fino al 50% di sconto"], "up to 50% off"],
    [["Tot 50% korting"], "up to 50% off"],
    [["€10 korting op je bestelling"], "€10 off"],
    [["Até 50% de desconto"], "up to 50% off"],
    [["R$ 30 de desconto no seu pedido"], "R$30 off"],
    [["Gratis-Geschenk zu jeder Bestellung ab 50 €"], "free gift with €50 purchase"],
    [["Un cadeau offert pour toute commande"], "free gift"],
    // A multi-buy's discount is the second item's, never the whole order's ("50% off" would say half off everything).
    [["Buy one, get one 50% off all tees"], "buy one, get one 50% off"],
    [["BOGO 40% off socks"], "buy one, get one 40% off"],
    [["Buy 2, get the third 30% off"], "buy 2, get the third 30% off"],
    [["Buy one, get one half off"], "buy one, get one half off"],
    [["BOGO half price on candles"], "buy one, get one half off"],
    // The second or third item's discount, however it is put, in each language we read.
    [["Second pair half price"], "buy one, get one half off"],
    [["2nd item 50% off"], "buy one, get one 50% off"],
    [["Get a second pair for 50% off"], "buy one, get one 50% off"],
    [["50% off your second pair"], "buy one, get one 50% off"],
    [["Third item free on all candles"], "buy 2, get the third free"],
    [["Zweites Paar 50 % günstiger"], "buy one, get one 50% off"],
    [["Le 2e article à -50 %"], "buy one, get one 50% off"],
    [["Segunda unidad al 50 %"], "buy one, get one 50% off"],
    [["Il secondo paio a metà prezzo"], "buy one, get one half off"],
    [["2e halve prijs"], "buy one, get one half off"],
    [["A segunda unidade pela metade do preço"], "buy one, get one half off"],
    [["Second chance: 20% off everything"], "20% off"],
    // So many for the price of fewer.
    [["3 for 2 on all socks"], "buy 2, get 1 free"],
    [["4 for the price of 2"], "buy 2, get 2 free"],
    [["Buy Two, Get One Free"], "buy two, get one free"],
    [["2 für 1 auf alle Socken"], "buy one, get one free"],
    [["3x2 en calcetines"], "buy 2, get 1 free"],
    [["Prendi 3, paghi 2"], "buy 2, get 1 free"],
    [["Leve 3, pague 2"], "buy 2, get 1 free"],
    [["1+1 gratis"], "buy one, get one free"],
    [["2 achetés = 1 offert"], "buy 2, get 1 free"],
    [["A 3x2 m rug for every room"], null],
    [["Dinner for 2 at 7pm"], null],
    [["Top 3 for 2026"], null],
    // Free shipping, in each language we read.
    [["Kostenloser Versand ab 50 €"], "free shipping over €50"],
    [["Livraison gratuite dès 50 €"], "free shipping over €50"],
    [["Envío gratis en pedidos superiores a 50 €"], "free shipping over €50"],
    [["Spedizione gratuita da 50 €"], "free shipping over €50"],
    [["Gratis verzending vanaf € 50"], "free shipping over €50"],
    [["Frete grátis acima de R$ 199"], "free shipping over R$199"],
    [["Versandkostenfrei bestellen"], "free shipping"],
    // A percent on what it applies to is a percent off, in each language we read; a rise is not.
    [["Nur heute: 20 % auf alles"], "20% off"],
    [["20 % auf die gesamte Kollektion"], "20% off"],
    [["Réduction de 20 % sur tout le site"], "20% off"],
    [["Solo hoy: 20 % en todo"], "20% off"],
    [["Solo oggi: 20% su tutto"], "20% off"],
    [["Alleen vandaag: 20% op alles"], "20% off"],
    [["Só hoje: 20% em tudo"], "20% off"],
    [["20% on everything this weekend"], "20% off"],
    [["Ab 1. Dezember steigen unsere Preise um 5 % auf alle Tarife."], null],
    [["Hausse de 5 % sur tous les abonnements."], null],
    [["Prices rise 5% on all plans from January."], null],
    [["Stocks rose 3% on the news."], null],
    // A range of percentages is a range, not its top alone.
    [["40-60% off outerwear"], "40–60% off"],
    [["Take 30 to 50% off boots"], "30–50% off"],
    [["Only $14.95 — 25% off!"], "25% off"],
    [["2 for $30 on all candles"], "2 for $30"],
    [["Any 3 for €20"], "3 for €20"],
    [["Save up to $500 on mattresses"], "up to $500 off"],
    [["Save up to $50 this week", "$20 off $100 with GRAB20, $50 off $200 with GRAB50"], "$20 off $100"],
    [["Save an extra $25 on winter boots"], "$25 off"],
    // Tiers are shown by their entry tier, as the written corpus's labels record them; "up to" is the top tier's.
    [["Spend more, save more: up to $60 off", "$10 off $50 with SAVE10, $60 off $200 with SAVE60"], "$10 off $50"],
    [["Your first month for $1"], "first month for $1"],
    [["Try your first box for just €9.99"], "first box for €9.99"],
    [["Save an additional €10 today"], "€10 off"],
    [["Spare bis zu 100 € auf Matratzen"], "up to €100 off"],
  ])("%j -> %s", (texts, expected) => {
    expect(findDiscount(...texts)).toBe(expected);
  });

  // The extractor writes a multi-buy's discount; the domain reads it for "Biggest saving", alerts and a brand's typical
  // discount (src/domain/multiBuy.ts). Every way a mail states one must come out in words the domain reads.
  it.each([
    ["Buy one, get one 50% off all tees", 25],
    ["Buy one, get another 50% off", 25],
    ["Buy one and get a second 40% off", 20],
    ["BOGO 40% off socks", 20],
    ["Buy any candle, get the second one half price", 25],
    ["Buy 2, get the third 30% off", 10],
    ["Second pair half price", 25],
    ["Le 2e article à -50 %", 25],
    ["Third item free on all candles", 100 / 3],
    ["Buy one, get one free", 50],
    ["Buy Two, Get One Free", 100 / 3],
    ["3 for 2 on all socks", 100 / 3],
    ["2x1 en toda la tienda", 50],
    ["1+1 gratis", 50],
  ])("%s is written as a multi-buy the domain reads as a saving of %d", (text, saving) => {
    const { savings } = readMultiBuys(findDiscount(text) ?? "");
    expect(savings).toHaveLength(1);
    expect(savings[0]).toBeCloseTo(saving, 6);
  });

  it("reads stated terms", () => {
    const terms = findTerms("Valid on orders of $75 or more. New customers only. Online only. Excludes gift cards.");
    expect(terms).toEqual(expect.arrayContaining(["Minimum spend $75", "New customers only", "Online only", "Excludes gift cards"]));
  });

  it.each([
    ["Nur für Neukunden. Mindestbestellwert 50 €. Nicht kombinierbar.", ["Minimum spend €50", "New customers only", "Cannot be combined with other offers"]],
    [
      "Valable pour une première commande dès 50 € d'achat. Non cumulable. Dans la limite des stocks disponibles.",
      ["Minimum spend €50", "First order only", "Cannot be combined with other offers", "While supplies last"],
    ],
    ["Valable à partir de 60 € d'achats. Non cumulable.", ["Minimum spend €60", "Cannot be combined with other offers"]],
    ["Solo para nuevos clientes. Sólo online. No acumulable.", ["New customers only", "Online only", "Cannot be combined with other offers"]],
    [
      "Valido sul primo ordine, da 50 € di spesa. Non cumulabile. Fino ad esaurimento scorte.",
      ["Minimum spend €50", "First order only", "Cannot be combined with other offers", "While supplies last"],
    ],
    [
      "Alleen voor nieuwe klanten, vanaf €50 bestelwaarde. Niet combineerbaar. Zolang de voorraad strekt.",
      ["Minimum spend €50", "New customers only", "Cannot be combined with other offers", "While supplies last"],
    ],
    ["Válido na primeira compra acima de R$ 150 em compras. Não cumulativo. Apenas online.", ["Minimum spend R$150", "First order only", "Online only", "Cannot be combined with other offers"]],
    // Exclusions, in the shop's own words, and one use or code per customer, household or order, in English.
    ["Ausgenommen sind Geschenkkarten und reduzierte Artikel. Einmal pro Kunde einlösbar.", ["One use per customer", "Ausgenommen sind Geschenkkarten und reduzierte Artikel"]],
    ["Hors cartes cadeaux et articles soldés. Un code par commande.", ["One code per order", "Hors cartes cadeaux et articles soldés"]],
    ["Excepto tarjetas regalo. Una vez por cliente.", ["One use per customer", "Excepto tarjetas regalo"]],
    ["Escluse carte regalo e articoli in saldo. Una volta per cliente.", ["One use per customer", "Escluse carte regalo e articoli in saldo"]],
    ["Uitgezonderd cadeaubonnen. Eenmalig per huishouden.", ["One use per household", "Uitgezonderd cadeaubonnen"]],
    ["Exceto vales-presente. Um cupom por cliente.", ["One code per customer", "Exceto vales-presente"]],
    ["Offre valable à l'exception des soldes. Één code per klant.", ["One code per customer", "À l'exception des soldes"]],
    // "Hors taxes" and "hors frais de port" qualify a price: no exclusion.
    ["-25 % sur tout, prix hors taxes, hors frais de port.", []],
    // A minimum for free delivery is the delivery's, not the offer's.
    ["-25 % sur les manteaux. Livraison offerte dès 80 € d'achat.", []],
  ])("reads the terms of %j in English", (text, terms) => {
    expect(findTerms(text)).toEqual(terms);
  });
});

describe("markup", () => {
  it("reads DiscountOffer, PromotionCard and Organization from JSON-LD arrays and @graph, tolerating trailing commas", () => {
    const markup = readPromotionMarkup(
      [
        '{"@context":"https://schema.org","@graph":[{"@type":"Organization","name":"Brand"},{"@type":"DiscountOffer","discountCode":"G1","availabilityEnds":"2026-03-20",}]}',
        '<!-- {"@type":"PromotionCard","image":"https://x.test/i.jpg","url":"https://x.test/p","headline":"H"} -->',
      ],
      [],
    );
    expect(markup).toMatchObject({
      organizationName: "Brand",
      offers: [{ code: "G1", endsAt: "2026-03-20" }],
      cards: [{ image: "https://x.test/i.jpg", url: "https://x.test/p", headline: "H" }],
    });
  });
  it("returns null without markup and ignores broken JSON", () => {
    expect(readPromotionMarkup(["{not json"], [])).toBeNull();
  });
});

describe("images", () => {
  it("drops logos, icons, pixels and thin banners; keeps markup images first", () => {
    const images = [
      { url: "https://x.test/logo.png", width: 200, height: 100, alt: "" },
      { url: "https://x.test/p.jpg", width: 300, height: 300, alt: "" },
      { url: "https://x.test/wide.jpg", width: 1200, height: 200, alt: "" },
      { url: "https://x.test/hero.jpg", width: 600, height: 400, alt: "" },
      { url: "https://x.test/unknown.jpg", width: null, height: null, alt: "" },
    ].map((image) => ({ ...image, className: "", linkHref: null, textBefore: 0 }));
    expect(pickDealImages(images, ["https://x.test/card.jpg"])).toEqual([
      "https://x.test/card.jpg",
      "https://x.test/hero.jpg",
      "https://x.test/p.jpg",
      "https://x.test/unknown.jpg",
    ]);
  });
});

describe("time zones and the Date header", () => {
  it("keeps the Date header's own offset", () => {
    const parsed = parseDateHeader("Thu, 17 Sep 2026 10:02:33 -0700 (PDT)");
    expect(parsed.offsetMinutes).toBe(-420);
    expect(parsed.instant?.toISOString()).toBe("2026-09-17T17:02:33.000Z");
    expect(parseDateHeader("garbage").instant).toBeNull();
    expect(parseDateHeader("Thu, 12 Mar 2026 10:00:00 EST").offsetMinutes).toBe(-300);
    expect(parseDateHeader("Thu, 12 Mar 2026 10:00:00 GMT").offsetMinutes).toBe(0);
  });
  it("applies US and UK daylight-saving rules to named zones", () => {
    expect(namedZoneOffset("PT", new Date("2026-10-31T12:00:00Z"))).toBe(-420);
    expect(namedZoneOffset("PT", new Date("2026-11-02T12:00:00Z"))).toBe(-480);
    expect(namedZoneOffset("ET", new Date("2026-03-09T12:00:00Z"))).toBe(-240);
    expect(namedZoneOffset("Eastern", new Date("2026-01-09T12:00:00Z"))).toBe(-300);
    expect(namedZoneOffset("CST", new Date("2026-07-09T12:00:00Z"))).toBe(-360);
    expect(namedZoneOffset("GMT", new Date())).toBe(0);
    expect(namedZoneOffset("XYZ", new Date())).toBeNull();
  });
  it("finds the zone an offer names after a time, not a state abbreviation", () => {
    expect(zoneNamedInText("Hartford, CT 06103. Ends 11:59 p.m. PT Sunday")).toBe("PT");
    expect(zoneNamedInText("Hartford, CT 06103")).toBeNull();
  });
  it("gives the calendar date at an offset", () => {
    expect(localDateString(new Date("2026-11-23T02:05:00Z"), -480)).toBe("2026-11-22");
  });
});

describe("classify: subjects", () => {
  const bulk = { body: "", headers: new Map([["list-unsubscribe", "<mailto:u@x.test>"]]), hasMarkup: false, fromLooksPersonal: false };
  it.each([
    "Your order #A-1 is confirmed",
    "Order shipped: 2 items",
    "Delivered: your package",
    "Your receipt from Copper Kettle",
    "Your statement is ready",
    "Payment received, thank you",
    "Confirm your email address",
    "New sign-in to your account",
    "Your login code",
    "Appointment reminder: Tuesday 3pm",
    "Your subscription will renew soon",
    "Check-in is now open for your flight",
    "Your upcoming trip to Lisbon",
    "We got your order!",
    "Your booking is confirmed",
    "Your parcel is on its way",
    "Your February statement",
    "Reminder: your cleaning on Friday",
    "Automated 30 day renewal reminder",
    "Your Fernway membership renews on March 3",
  ])("%j is transactional", (subject) => {
    expect(isPromotional({ ...bulk, subject })).toBe(false);
  });

  it.each([
    "Make a statement: 30% off dresses",
    "Reset your routine with new serums",
    "Free gift with purchase of $50",
    "Sign in to unlock early access",
    "Savings delivered: $20 off $100",
    "A gift with your order",
    "Tracking your steps? Meet the new band",
  ])("%j is marketing", (subject) => {
    expect(isPromotional({ ...bulk, subject })).toBe(true);
  });
});

describe("category: phrases that cross categories", () => {
  it("files car rental under travel, not automotive, and a diner under travel and local", () => {
    expect(guessCategory("Zipline Car Rental", "Weekend car rental deal", "Rent a car for the weekend")).toBe("Travel and Local");
    expect(guessCategory("Sunny Side Diner", "Pancake Tuesdays", "Half-price pancakes at the diner")).toBe("Travel and Local");
  });

  it("reads a sender named '... Kitchen' by what the mail offers: a restaurant's dinner or a shop's cookware", () => {
    expect(guessCategory("Harbor Lane Kitchen", "Dinner for two", "Bring a friend: two entrées and a dessert for $40.")).toBe("Travel and Local");
    expect(guessCategory("Harbor Lane Kitchen", "Restock the drawer", "Skillets, knives and bakeware, 20% off.")).toBe("Home");
  });

  it("finds keywords that start inside a compound or with a group of words, as well as plain ones", () => {
    expect(guessSubcategory("Someone", "Frühjahr", "Elektrowerkzeug und Handwerkzeug, jetzt 20% günstiger.")).toBe("home");
    expect(guessSubcategory("Someone", "New in", "Wireless speakers and smart speakers for every room.")).toBe("department store");
  });
});
