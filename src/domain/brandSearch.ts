import type { Brand } from "./brand";

/**
 * The brands Brand Settings lists (docs/product.md, "Brand search"): a case-insensitive substring match on name or domain, ignored
 * when the query is blank after trimming, sorted alphabetically by name.
 */
export function searchBrands(brands: readonly Brand[], query: string): Brand[] {
  const needle = query.trim().toLowerCase();
  const matching = needle
    ? brands.filter((brand) => brand.name.toLowerCase().includes(needle) || brand.domain.toLowerCase().includes(needle))
    : [...brands];
  return matching.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: "base" }));
}
