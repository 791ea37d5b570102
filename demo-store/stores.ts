/**
 * The demo store: one checkout page for each of several brands of the demo mailbox, each in the shape of a common
 * checkout, so the extension is tried on each shape it must handle. Codes are the ones the demo mailbox sends; amounts are in cents.
 */
export type CheckoutShape = "plain" | "react" | "shopify" | "woocommerce" | "collapsed" | "none" | "rejecting";

export interface CodeRule {
  /** Cents off, or a percentage off the subtotal. */
  off: { cents: number } | { percent: number };
  /** The smallest subtotal the code accepts, in cents. */
  minimumCents?: number;
  /** Only for a first order: the demo shopper has ordered before, so the shop refuses it. */
  newCustomersOnly?: boolean;
}

export interface DemoStore {
  brand: string;
  /** The registrable domain the demo deals carry; the page is served at www.<domain>. */
  domain: string;
  shape: CheckoutShape;
  items: { name: string; cents: number }[];
  /** What the page offers to add to the cart ("Add to cart"), by name. */
  extras?: { name: string; cents: number }[];
  codes: Record<string, CodeRule>;
}

export const DEMO_STORES: readonly DemoStore[] = [
  {
    brand: "Torqhaven Auto",
    domain: "torqhaven.com",
    shape: "plain",
    items: [{ name: "Front brake service", cents: 18900 }],
    codes: { BRAKES30: { off: { cents: 3000 } } },
  },
  {
    brand: "Velvet Fern Cosmetics",
    domain: "velvetfern.com",
    shape: "react",
    items: [{ name: "Glow serum", cents: 4800 }, { name: "Fern lip balm", cents: 1200 }],
    codes: { GLOW20: { off: { percent: 20 } } },
  },
  {
    brand: "Rivetline Denim",
    domain: "rivetline.com",
    shape: "shopify",
    items: [{ name: "Selvedge straight jeans", cents: 12800 }],
    codes: { DENIM25: { off: { cents: 2500 }, minimumCents: 10000 } },
  },
  {
    brand: "Whiskerloft",
    domain: "whiskerloft.com",
    shape: "woocommerce",
    items: [{ name: "Cat tree, large", cents: 8900 }],
    codes: { PURR10: { off: { percent: 10 } } },
  },
  {
    brand: "Linenbay",
    domain: "linenbay.com",
    shape: "collapsed",
    items: [{ name: "Percale sheet set", cents: 11900 }],
    codes: { SLEEP20: { off: { percent: 20 } } },
  },
  {
    brand: "Brindlemart",
    domain: "brindlemart.com",
    shape: "plain",
    items: [{ name: "Kitchen bundle", cents: 12000 }],
    extras: [{ name: "Stand mixer, 5 qt", cents: 8999 }],
    codes: {
      SAVE10: { off: { cents: 1000 }, minimumCents: 5000 },
      SAVE25: { off: { cents: 2500 }, minimumCents: 10000 },
      SAVE60: { off: { cents: 6000 }, minimumCents: 20000 },
      WELCOME15: { off: { cents: 1500 }, newCustomersOnly: true },
    },
  },
  {
    brand: "Cloudhem Outerwear",
    domain: "cloudhem.com",
    shape: "none",
    items: [{ name: "Down parka", cents: 24900 }],
    codes: {},
  },
  {
    brand: "Tailbound",
    domain: "tailbound.com",
    shape: "rejecting",
    items: [{ name: "Dog harness", cents: 5400 }],
    codes: {},
  },
  {
    brand: "Nowhere Goods",
    domain: "nowheregoods.com",
    shape: "plain",
    items: [{ name: "Mystery box", cents: 3000 }],
    codes: { WELCOME5: { off: { cents: 500 } } },
  },
];

/** The hosts a browser must map to the demo store's address (www. and the bare domain). */
export const demoHosts = (stores: readonly DemoStore[] = DEMO_STORES) => stores.flatMap((store) => [store.domain, `www.${store.domain}`]);

/** Most extras a cart can hold: a bound on what a request may ask the demo server to add up. */
export const MAX_EXTRAS = 20;

/**
 * The subtotal of the store's own items and the extras added, each named; null when a name is none of the store's
 * extras or there are too many.
 */
export function subtotalFor(store: DemoStore, added: readonly string[] = []): number | null {
  if (added.length > MAX_EXTRAS) return null;
  let cents = store.items.reduce((sum, item) => sum + item.cents, 0);
  for (const name of added) {
    const extra = store.extras?.find((candidate) => candidate.name === name);
    if (!extra) return null;
    cents += extra.cents;
  }
  return cents;
}

/** What a code takes off a subtotal, or why the shop refuses it (the message the page shows). */
export function discountFor(store: DemoStore, code: string, subtotalCents: number): { cents: number } | { error: string } {
  const rule = store.codes[code.trim().toUpperCase()];
  if (!rule) return { error: store.shape === "shopify" ? "Enter a valid discount code or gift card" : "This code is not valid." };
  if (rule.newCustomersOnly) return { error: "This code is for new customers only." };
  if (rule.minimumCents !== undefined && subtotalCents < rule.minimumCents) {
    return { error: `This code needs an order of at least $${(rule.minimumCents / 100).toFixed(2)}.` };
  }
  return { cents: "cents" in rule.off ? rule.off.cents : Math.round((subtotalCents * rule.off.percent) / 100) };
}
