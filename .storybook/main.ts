import type { StorybookConfig } from "@storybook/react-vite";
import type { PluginOption } from "vite";

/** The app build's own steps (prerendering its pages, compressing dist/): nothing Storybook builds needs them. */
const isAppBuildStep = (plugin: PluginOption) =>
  Boolean(plugin && typeof plugin === "object" && "name" in plugin && plugin.name.startsWith("deal-finder:"));

/** Designers review every view here with props only: no machine, no network (the sample pictures are static files). */
const config: StorybookConfig = {
  stories: ["../src/**/*.stories.@(ts|tsx)", "../extension/src/**/*.stories.@(ts|tsx)"],
  addons: ["@storybook/addon-a11y"],
  // A few sample pictures at image-proxy paths, so the stories show how a card fits an offer's image (drawn for them).
  staticDirs: ["../src/ui/storybook/static"],
  framework: { name: "@storybook/react-vite", options: {} },
  // Babel docgen fails on decorated files; the stories do not need generated docs.
  typescript: { reactDocgen: false },
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: (viteConfig.plugins ?? []).flat().filter((plugin) => !isAppBuildStep(plugin)) }),
};

export default config;
