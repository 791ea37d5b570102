// @vitest-environment jsdom
import { afterEach, describe, expect, it } from "vitest";
import { composeStories, setProjectAnnotations } from "@storybook/react-vite";
import axe from "axe-core";
import * as preview from "../../../.storybook/preview";

/**
 * Every story of every view: rendered, its play function (interaction test) run, then checked with axe for
 * serious or critical accessibility violations. Colour contrast needs real layout, so the Storybook a11y addon checks
 * it in the browser; jsdom cannot.
 */
setProjectAnnotations([preview]);

const storyModules = import.meta.glob<Record<string, unknown>>(["../../../src/**/*.stories.tsx", "../../../extension/src/**/*.stories.tsx"], { eager: true });

afterEach(() => {
  document.body.innerHTML = "";
});

describe.each(Object.entries(storyModules))("%s", (_file, module) => {
  const stories = Object.entries(composeStories(module as Parameters<typeof composeStories>[0])) as Array<
    [string, { run: (context: { canvasElement: HTMLElement }) => Promise<void> }]
  >;

  it.each(stories)("%s plays and has no serious or critical axe violation", async (_name, Story) => {
    const canvasElement = document.createElement("div");
    document.body.appendChild(canvasElement);
    await Story.run({ canvasElement });
    const results = await axe.run(canvasElement, {
      resultTypes: ["violations"],
      rules: { "color-contrast": { enabled: false }, region: { enabled: false } },
    });
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(", ")}`);
    expect(serious).toEqual([]);
  });
});
