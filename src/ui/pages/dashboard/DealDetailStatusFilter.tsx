import { DEAL_SHOW_FILTERS, type DealShowFilter } from "../../../domain/dealDetail";
import * as styles from "./DealDetail.css";

/** "Show: Current · Expired · Used · Didn't work": which of the person's deals the grid lists. */
export function DealDetailStatusFilter({ show, onShow }: { show: DealShowFilter; onShow: (show: DealShowFilter) => void }) {
  return (
    <fieldset className={styles.showFilter}>
      <legend className={styles.showLegend}>Show</legend>
      {DEAL_SHOW_FILTERS.map(({ value, label }) => (
        <label key={value} className={styles.showOption}>
          <input className={styles.showInput} type="radio" name="deal-show" value={value} checked={show === value} onChange={() => onShow(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}
