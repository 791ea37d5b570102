import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { ChannelBadge } from "./ChannelBadge";
import { inDarkScheme } from "../../storybook/decorators";

const meta = {
  title: "Dashboard/Where an offer can be used",
  component: ChannelBadge,
  args: { terms: ["Online only"] },
} satisfies Meta<typeof ChannelBadge>;

export default meta;
type Story = StoryObj<typeof meta>;


export const OnlineOnly: Story = {
  args: { terms: ["Minimum spend $50", "Online only"] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Online only")).toBeTruthy();
  },
};

export const InStoreOnly: Story = {
  args: { terms: ["In store only", "Excludes gift cards"] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe("In store only");
  },
};

export const InStoreOnlyDark: Story = { ...InStoreOnly, decorators: [inDarkScheme] };

export const OnlineAndInStore: Story = {
  args: { terms: ["Online and in store"] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe("Online and in store");
  },
};

/** Fine print that does not say where: no badge at all. */
export const NotSaid: Story = {
  args: { terms: ["New customers only"] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.textContent).toBe("");
  },
};
