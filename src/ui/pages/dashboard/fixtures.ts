import type { Dashboard } from "../../../domain/dashboard";
import type { Deal } from "../../../domain/deal";

/** Sample data for stories and view tests: the person's day the sample answers were counted on, and a moment of it. */
export const SAMPLE_DAY = "2025-10-10";
export const SAMPLE_TODAY = new Date(`${SAMPLE_DAY}T12:00:00Z`);

/** A deal with plain defaults for whatever the caller does not care about. */
export const sampleDeal = (overrides: Partial<Deal>): Deal => ({
  id: "deal",
  title: "",
  brand: "",
  description: "",
  brandId: `brand-${overrides.id}`,
  brandDomain: "example.com",
  category: "Shopping",
  dealUrl: "https://example.com/deal",
  promoCode: null,
  discount: null,
  expirationDate: null,
  imageUrls: [],
  source: "text",
  terms: [],
  codeConditions: [],
  status: null,
  remind: false,
  sentAt: null,
  ...overrides,
});

export const SAMPLE_DEALS: Deal[] = [
  sampleDeal({ id: "d1", title: "25% off home essentials", brand: "Brindlemart", promoCode: "EARLY25", discount: "25% off", expirationDate: "2025-10-13", category: "Home" }),
  sampleDeal({ id: "d2", title: "$30 off brake service", brand: "Torqhaven Auto", promoCode: "BRAKES30, SAFE10", expirationDate: "2025-11-30", category: "Automotive" }),
  sampleDeal({ id: "d3", title: "Free shipping this weekend", brand: "Toyburrow", description: "On everything, no minimum.", expirationDate: "2025-10-01" }),
  sampleDeal({ id: "d4", title: "20% off + free engraving", brand: "Quarrystone Jewelry", promoCode: "SPARKLE20", discount: "20% off", category: "Fashion" }),
  sampleDeal({ id: "d5", title: "Two months of premium, free", brand: "Cloudnook", promoCode: "NOOK2FREE", expirationDate: "2025-12-31", category: "Software and Apps", description: "For new members who sign up this month." }),
  sampleDeal({ id: "d6", title: "15% off your first grooming", brand: "Pawsome Parlor", promoCode: "WAG15", expirationDate: "2025-10-16", category: "Pets" }),
  sampleDeal({ id: "d7", title: "Vitamins: buy one, get one half off", brand: "Vitaleaf", category: "Health", expirationDate: "2025-11-05" }),
  sampleDeal({ id: "d8", title: "Fly for less: 10% off fares to Lisbon", brand: "Skylark Air", promoCode: "LISBON10", category: "Travel and Local", expirationDate: "2025-10-25" }),
];

export const SAMPLE_DASHBOARD: Dashboard = {
  categories: [
    { id: "home", label: "Home", count: 1, current: 1 },
    { id: "automotive", label: "Automotive", count: 1, current: 1 },
    { id: "shopping", label: "Shopping", count: 1, current: 0 },
    { id: "fashion", label: "Fashion", count: 1, current: 1 },
    { id: "software-and-apps", label: "Software and Apps", count: 1, current: 1 },
    { id: "pets", label: "Pets", count: 1, current: 1 },
    { id: "health", label: "Health", count: 1, current: 1 },
    { id: "travel-and-local", label: "Travel and Local", count: 1, current: 1 },
  ],
  deals: SAMPLE_DEALS,
  totalDeals: SAMPLE_DEALS.length,
  nextCursor: null,
  stats: {
    activePromos: { value: 7, delta: 33 },
    emailsScanned: { value: 39, delta: null },
    uniqueBrands: { value: 8, delta: 0 },
    expiring: { value: 2, delta: -50 },
  },
  newDealsToday: 2,
  today: SAMPLE_DAY,
  saved: { month: [{ hundredths: 2400, currency: "USD" }], year: [{ hundredths: 13550, currency: "USD" }, { hundredths: 1800, currency: "EUR" }] },
};

export const EMPTY_DASHBOARD: Dashboard = {
  categories: [],
  deals: [],
  totalDeals: 0,
  nextCursor: null,
  stats: {
    activePromos: { value: 0, delta: null },
    emailsScanned: { value: 0, delta: null },
    uniqueBrands: { value: 0, delta: null },
    expiring: { value: 0, delta: null },
  },
  newDealsToday: 0,
  today: SAMPLE_DAY,
  saved: { month: [], year: [] },
};
