import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { OfflineNotice } from "./OfflineNotice";
import { DESKTOP, PHONE, VIEWPORTS } from "./stories";
import { inDarkScheme } from "../../storybook/decorators";

const meta = {
  title: "Pages/Dashboard/Offline notice",
  component: OfflineNotice,
  parameters: VIEWPORTS,
  args: { savedAt: "2026-11-27T14:05:00.000Z" },
} satisfies Meta<typeof OfflineNotice>;

export default meta;
type Story = StoryObj<typeof meta>;


/** The copy kept on this device is shown: the notice says so, and as of when, in the reader's own time. */
const saysOffline: Story["play"] = async ({ canvasElement }) => {
  const status = within(canvasElement).getByRole("status");
  await expect(status).toHaveTextContent(/^Offline — showing your deals as of \w{3} \d{1,2}, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
  await expect(within(status).getByText(/\d{1,2}:\d{2}/, { selector: "time" })).toHaveAttribute("dateTime", "2026-11-27T14:05:00.000Z");
};

export const PhoneLight: Story = { ...PHONE, play: saysOffline };
export const PhoneDark: Story = { ...PHONE, decorators: [inDarkScheme], play: saysOffline };
export const DesktopLight: Story = { ...DESKTOP, play: saysOffline };
export const DesktopDark: Story = { ...DESKTOP, decorators: [inDarkScheme], play: saysOffline };

/** Online: the status is there, empty, so that the notice is announced when the connection goes. */
export const Online: Story = {
  ...DESKTOP,
  args: { savedAt: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeEmptyDOMElement();
  },
};
