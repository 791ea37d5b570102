import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { SiteDeal } from "../domain/siteMatch";
import { PopupView } from "./PopupView";
import "./popup.css";

const linenbay: SiteDeal = { id: "l1", brand: "Linenbay", brandDomain: "linenbay.com", title: "20% off sheets", discount: "20% off", expirationDate: "2026-03-20", codes: [{ code: "SLEEP20", condition: null }] };
const rivetline: SiteDeal = { id: "r1", brand: "Rivetline Denim", brandDomain: "rivetline.com", title: "$25 off $100", discount: "$25 off $100", expirationDate: null, codes: [{ code: "DENIM25", condition: "$25 off $100" }] };

const meta = {
  title: "Extension/Popup",
  component: PopupView,
  args: {
    appUrl: "http://localhost:3000",
    paired: true,
    siteDeals: [linenbay],
    allDeals: [linenbay, rivetline],
    lastSync: "10 Mar 2026, 09:30",
    alertsEnabled: false,
    problem: null,
    busy: false,
    today: new Date("2026-03-10T12:00:00Z"),
    onSync: fn(),
    onSignOut: fn(),
    onAlertsChange: fn(),
  },
} satisfies Meta<typeof PopupView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnAMatchingSite: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(within(canvas.getByRole("list", { name: "Codes for this site" })).getByText("SLEEP20")).toBeTruthy();
    await userEvent.type(canvas.getByLabelText("Search codes"), "denim");
    await expect(within(canvas.getByRole("list", { name: "Search results" })).queryByText("SLEEP20")).toBeNull();
    await userEvent.click(canvas.getByLabelText("Tell me when new codes arrive (at most every 15 minutes)"));
    await expect(args.onAlertsChange).toHaveBeenCalledWith(true);
    await userEvent.click(canvas.getByRole("button", { name: "Sign out" }));
    await expect(args.onSignOut).toHaveBeenCalledTimes(1);
  },
};

export const NoCodesHere: Story = { args: { siteDeals: [], lastSync: null } };

export const NotConnected: Story = {
  args: { paired: false, problem: "Deal Finder ended this connection. Connect the extension again." },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "Connect" }).getAttribute("href")).toBe("http://localhost:3000/extension");
  },
};
