import type { StorybookConfig } from "@storybook/react-vite";

/** Designers review every view here with props only: no machine, no network. */
const config: StorybookConfig = {
  stories: ["../src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-a11y"],
  framework: { name: "@storybook/react-vite", options: {} },
  // Babel docgen fails on decorated files; the stories do not need generated docs.
  typescript: { reactDocgen: false },
};

export default config;
