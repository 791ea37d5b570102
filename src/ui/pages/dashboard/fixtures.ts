import type { Dashboard } from "../../../domain/dashboard";
import type { Deal } from "../../../domain/deal";

/** Sample data for stories and view tests. */
export const SAMPLE_TODAY = new Date("2025-10-10T12:00:00Z");

const deal = (overrides: Partial<Deal> & Pick<Deal, "id" | "title" | "brand">): Deal => ({
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
  ...overrides,
});

export const SAMPLE_DEALS: Deal[] = [
  deal({ id: "d1", title: "25% off home essentials", brand: "Brindlemart", promoCode: "EARLY25", discount: "25% off", expirationDate: "2025-10-13", category: "Home" }),
  deal({ id: "d2", title: "$30 off brake service", brand: "Torqhaven Auto", promoCode: "BRAKES30, SAFE10", expirationDate: "2025-11-30", category: "Automotive" }),
  deal({ id: "d3", title: "Free shipping this weekend", brand: "Toyburrow", description: "On everything, no minimum.", expirationDate: "2025-10-01" }),
  deal({ id: "d4", title: "20% off + free engraving", brand: "Quarrystone Jewelry", promoCode: "SPARKLE20", discount: "20% off", category: "Fashion" }),
];

export const SAMPLE_DASHBOARD: Dashboard = {
  categories: [
    { id: "home", label: "Home", count: 1 },
    { id: "automotive", label: "Automotive", count: 1 },
  ],
  deals: SAMPLE_DEALS,
  stats: {
    activePromos: { value: 4, delta: 33 },
    emailsScanned: { value: 39, delta: null },
    uniqueBrands: { value: 4, delta: 0 },
    expiring: { value: 1, delta: -50 },
  },
  newDealsToday: 2,
};

export const EMPTY_DASHBOARD: Dashboard = {
  categories: [],
  deals: [],
  stats: {
    activePromos: { value: 0, delta: null },
    emailsScanned: { value: 0, delta: null },
    uniqueBrands: { value: 0, delta: null },
    expiring: { value: 0, delta: null },
  },
  newDealsToday: 0,
};
