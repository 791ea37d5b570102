/** A sender brand the person can include or exclude (docs/product.md, "Brand"). */
export interface Brand {
  id: string;
  name: string;
  domain: string;
  isActive: boolean;
}

/** A Gmail label and whether it is monitored. */
export interface GmailLabel {
  id: string;
  name: string;
  isChecked: boolean;
  isCustom: boolean;
}
