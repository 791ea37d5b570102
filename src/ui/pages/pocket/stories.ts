/** The two widths the pocket views are reviewed at: a phone's 390 px and a desktop's 1280 px. */
export const VIEWPORTS = {
  viewport: {
    options: {
      phone390: { name: "Phone (390 px)", styles: { width: "390px", height: "844px" }, type: "mobile" },
      desktop1280: { name: "Desktop (1280 px)", styles: { width: "1280px", height: "900px" }, type: "desktop" },
    },
  },
} as const;

export const PHONE = { globals: { viewport: { value: "phone390", isRotated: false } } } as const;
export const DESKTOP = { globals: { viewport: { value: "desktop1280", isRotated: false } } } as const;
