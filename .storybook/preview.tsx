import type { Preview } from "@storybook/react-vite";
import { useState } from "react";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import "../src/ui/theme/theme.css";

/** Links inside a story move an in-memory location, so clicking never leaves the story. */
const preview: Preview = {
  decorators: [
    (Story, context) => {
      const [{ hook }] = useState(() => memoryLocation({ path: (context.parameters.path as string | undefined) ?? "/" }));
      return (
        <Router hook={hook}>
          <Story />
        </Router>
      );
    },
  ],
  parameters: {
    layout: "fullscreen",
    a11y: { test: "error" },
  },
};

export default preview;
