import { createContext, useContext } from "react";

/**
 * Whether the controls inside a deal card take part in the page's Tab order. In the deal grid only the card being
 * worked in (after Enter, or a click inside it) lets Tab reach its controls, so the whole grid is one Tab stop; a card
 * shown anywhere else (the brand page, the Details) keeps its controls in the Tab order.
 */
export const CellControlsTabbable = createContext(true);

/** The tabIndex a control inside a card takes: left as it is, or -1 while its grid cell is not being worked in. */
export function useControlTabIndex(): number | undefined {
  return useContext(CellControlsTabbable) ? undefined : -1;
}
