/** The broad categories the dashboard groups deals into (docs/product.md, "Categories"). */
export const CATEGORIES = [
  "Automotive",
  "Beauty",
  "Health",
  "Pets",
  "Shopping",
  "Home",
  "Finance",
  "Fashion",
  "Travel and Local",
  "Software and Apps",
  "Others",
] as const;

export type Category = (typeof CATEGORIES)[number];

/**
 * Fine-grained subcategories and the broad category each belongs to.
 * Keys are lower case; a broad category's own name maps to itself.
 */
const SUBCATEGORY_TO_CATEGORY: Readonly<Record<string, Category>> = {
  automotive: "Automotive", auto: "Automotive", "auto parts": "Automotive", "car care": "Automotive",
  "car service": "Automotive", tires: "Automotive", tyres: "Automotive", dealership: "Automotive", motorcycle: "Automotive",
  beauty: "Beauty", cosmetics: "Beauty", makeup: "Beauty", skincare: "Beauty", "skin care": "Beauty",
  haircare: "Beauty", "hair care": "Beauty", fragrance: "Beauty", perfume: "Beauty", nails: "Beauty", salon: "Beauty",
  health: "Health", pharmacy: "Health", vitamins: "Health", supplements: "Health", wellness: "Health",
  fitness: "Health", nutrition: "Health", eyewear: "Health", optical: "Health", dental: "Health", medical: "Health",
  pets: "Pets", pet: "Pets", "pet supplies": "Pets", "pet food": "Pets", veterinary: "Pets", vet: "Pets", grooming: "Pets",
  shopping: "Shopping", retail: "Shopping", "department store": "Shopping", marketplace: "Shopping",
  electronics: "Shopping", toys: "Shopping", grocery: "Shopping", "general merchandise": "Shopping", outdoors: "Shopping",
  home: "Home", "home goods": "Home", furniture: "Home", bedding: "Home", decor: "Home", "home decor": "Home",
  kitchen: "Home", cookware: "Home", garden: "Home", "home improvement": "Home", paint: "Home", rugs: "Home", appliances: "Home",
  finance: "Finance", banking: "Finance", bank: "Finance", "credit card": "Finance", credit: "Finance",
  insurance: "Finance", investing: "Finance", loans: "Finance", savings: "Finance",
  fashion: "Fashion", apparel: "Fashion", clothing: "Fashion", shoes: "Fashion", footwear: "Fashion",
  accessories: "Fashion", jewelry: "Fashion", jewellery: "Fashion", handbags: "Fashion", streetwear: "Fashion",
  "travel and local": "Travel and Local", travel: "Travel and Local", airline: "Travel and Local", airlines: "Travel and Local",
  flights: "Travel and Local", hotel: "Travel and Local", hotels: "Travel and Local", lodging: "Travel and Local",
  "car rental": "Travel and Local", cruise: "Travel and Local", restaurant: "Travel and Local", restaurants: "Travel and Local",
  dining: "Travel and Local", food: "Travel and Local", "food delivery": "Travel and Local", local: "Travel and Local",
  events: "Travel and Local", entertainment: "Travel and Local",
  "software and apps": "Software and Apps", software: "Software and Apps", apps: "Software and Apps", app: "Software and Apps",
  saas: "Software and Apps", vpn: "Software and Apps", "cloud storage": "Software and Apps", gaming: "Software and Apps",
  "video games": "Software and Apps", streaming: "Software and Apps", web3: "Software and Apps", crypto: "Software and Apps",
  media: "Others", magazine: "Others", newspaper: "Others", education: "Others", courses: "Others", workshops: "Others",
  "photo printing": "Others", stationery: "Others",
  cinema: "Travel and Local", movies: "Travel and Local", theater: "Travel and Local", bakery: "Travel and Local", diner: "Travel and Local",
  hardware: "Home", tools: "Home",
  bikes: "Shopping", cycling: "Shopping", gadgets: "Shopping", "toys store": "Shopping",
  others: "Others", other: "Others",
};

/** Maps a category or fine-grained subcategory to a broad category; anything unknown becomes Others. */
export function toCategory(subcategory: string | null | undefined): Category {
  if (!subcategory) return "Others";
  return SUBCATEGORY_TO_CATEGORY[subcategory.trim().toLowerCase()] ?? "Others";
}

/** Categories compare without case ("home" is "Home"); null, for all categories, equals only itself. */
export function sameCategory(a: string | null, b: string | null): boolean {
  return a === null || b === null ? a === b : a.toLowerCase() === b.toLowerCase();
}

/** The stable id of a category used in URLs and filters, e.g. "travel-and-local". */
export function categoryId(category: string): string {
  return category.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}
