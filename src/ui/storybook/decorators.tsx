import type { Decorator } from "@storybook/react-vite";
import { darkScheme } from "../theme/darkScheme.css";

/** The dark palette whatever the system's, for the stories reviewed in both schemes. */
export const inDarkScheme: Decorator = (Story) => (
  <div className={darkScheme}>
    <Story />
  </div>
);

/** A fixed width, so a story shows a part as a screen of that width (a 390 px phone, a 1280 px desktop) lays it out. */
export const atWidth =
  (pixels: number): Decorator =>
  (Story) => (
    <div style={{ width: pixels, maxWidth: "100%", padding: 8, boxSizing: "border-box" }}>
      <Story />
    </div>
  );
