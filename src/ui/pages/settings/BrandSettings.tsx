import { useId, useState } from "react";
import type { SettingsLoad } from "../../../application/machines/settingsMachine";
import type { Brand } from "../../../domain/brand";
import { searchBrands } from "../../../domain/brandSearch";
import { card, fullWidth, heading2, input, label, muted, spinner, stack, visuallyHidden } from "../../components/primitives.css";
import { EmptyState, PanelError, PanelLoading } from "./PanelStatus";
import * as styles from "./settings.css";

export interface BrandSettingsProps {
  load: SettingsLoad;
  pendingBrandIds: ReadonlySet<string>;
  /** `isActive` is the value the switch showed when pressed. */
  onToggleBrand: (brandId: string, isActive: boolean) => void;
}

export function BrandSettings({ load, pendingBrandIds, onToggleBrand }: BrandSettingsProps) {
  return (
    <section className={`${card} ${stack} ${styles.spaced} ${styles.fullWidth}`} aria-labelledby="brand-settings-title">
      <div className={styles.panelHeader}>
        <h2 id="brand-settings-title" className={heading2}>
          Brand Settings
        </h2>
        <p className={muted}>Control which brands are included in your reports and dashboard.</p>
      </div>
      {load.kind === "loading" && <PanelLoading text="Loading brands..." />}
      {load.kind === "error" && <PanelError message={load.message} />}
      {load.kind === "ready" && (
        <BrandList brands={load.settings.brands} pendingBrandIds={pendingBrandIds} onToggleBrand={onToggleBrand} />
      )}
    </section>
  );
}

function BrandList({ brands, pendingBrandIds, onToggleBrand }: { brands: Brand[] } & Omit<BrandSettingsProps, "load">) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const shown = searchBrands(brands, query);
  return (
    <>
      <p className={muted}>Note: brands appear here automatically when you receive emails from them.</p>
      <div>
        <label htmlFor={searchId} className={`${label} ${visuallyHidden}`}>
          Search brands
        </label>
        <input
          id={searchId}
          type="search"
          className={`${input} ${fullWidth}`}
          placeholder="Search brands by name or domain..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </div>
      {brands.length === 0 ? (
        <EmptyState title="No brands found" hint="Brands will appear here once you receive emails from them" />
      ) : shown.length === 0 ? (
        <EmptyState title="No brands match your search" hint="Try adjusting your search terms" />
      ) : (
        // The scroll area is reachable by keyboard so its rows can be scrolled into view.
        <div className={styles.brandScroll} tabIndex={0} role="region" aria-label="Brands">
          <ul className={styles.twoColumns}>
            {shown.map((brand) => (
              <BrandRow key={brand.id} brand={brand} pending={pendingBrandIds.has(brand.id)} onToggle={onToggleBrand} />
            ))}
          </ul>
        </div>
      )}
    </>
  );
}

function BrandRow({ brand, pending, onToggle }: { brand: Brand; pending: boolean; onToggle: BrandSettingsProps["onToggleBrand"] }) {
  const nameId = useId();
  return (
    <li className={styles.brandRow}>
      <button
        type="button"
        role="switch"
        aria-checked={brand.isActive}
        aria-labelledby={nameId}
        aria-busy={pending}
        disabled={pending}
        className={styles.switchTrack}
        onClick={() => onToggle(brand.id, brand.isActive)}
      >
        {pending ? <span className={`${spinner} ${styles.switchSpinner}`} /> : <span className={styles.switchThumb} />}
      </button>
      <span className={styles.brandText}>
        <span className={styles.brandTitle}>
          <span id={nameId} className={styles.brandName}>
            {brand.name}
          </span>
          <span className={brand.isActive ? styles.brandState.active : styles.brandState.inactive}>
            {brand.isActive ? "Active" : "Inactive"}
          </span>
        </span>
        <span className={styles.brandDomain}>{brand.domain}</span>
      </span>
    </li>
  );
}
