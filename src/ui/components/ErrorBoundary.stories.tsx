import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { ScreenFailed } from "./ErrorBoundary";

const meta = { title: "Global/Screen failed", component: ScreenFailed, args: { onReload: fn() } } satisfies Meta<
  typeof ScreenFailed
>;

export default meta;

export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Reload" }));
    await expect(args.onReload).toHaveBeenCalledTimes(1);
  },
};
