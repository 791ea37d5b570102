import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LoadingScreen } from "./LoadingScreen";

const meta = { title: "Global/Loading screen", component: LoadingScreen } satisfies Meta<typeof LoadingScreen>;

export default meta;

export const CheckingSession: StoryObj<typeof meta> = {
  args: { label: "Checking your session..." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Checking your session...");
  },
};
