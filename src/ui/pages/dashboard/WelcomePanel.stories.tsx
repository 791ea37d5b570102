import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { WelcomePanel } from "./WelcomePanel";

const NOW = new Date("2026-11-23T10:00:00.000Z");
const phone = { globals: { viewport: { value: "mobile1", isRotated: false } } };

const meta = {
  title: "Pages/Dashboard/Welcome Panel",
  component: WelcomePanel,
  args: {
    gmailConnected: true,
    sync: { kind: "ended", message: "Sync completed: 0 new deals", failed: false, nextSyncAt: "2026-11-23T10:30:00.000Z", endedWhileWatched: true },
    now: NOW,
    busy: false,
    onConnectGmail: fn(),
    onStartSync: fn(),
  },
} satisfies Meta<typeof WelcomePanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const NothingFound: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No deals in your Promotions yet. We'll look again in about 30 minutes.")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Sync again now" }));
    await expect(args.onStartSync).toHaveBeenCalled();
  },
};

export const PhoneNothingFound: Story = { ...phone, play: NothingFound.play };

export const NothingFoundBackgroundSyncOff: Story = {
  args: { sync: { kind: "ended", message: "Sync completed: 0 new deals", failed: false, nextSyncAt: null, endedWhileWatched: false } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No deals in your Promotions yet. Sync again whenever new promotions arrive.")).toBeVisible();
  },
};

export const Scanning: Story = {
  args: { sync: { kind: "running", message: "Scanning 12 of 47 emails", progress: { processed: 12, total: 47 } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/We are scanning your Promotions now/)).toBeVisible();
    await expect(canvas.queryByRole("button")).toBeNull();
  },
};

export const PhoneScanning: Story = { ...phone, args: Scanning.args, play: Scanning.play };

export const NoSyncYet: Story = {
  args: { sync: { kind: "never" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Your Gmail is connected\. Run a sync/)).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Sync Gmail now" }));
    await expect(args.onStartSync).toHaveBeenCalled();
  },
};

export const SyncStarting: Story = {
  args: { sync: { kind: "never" }, busy: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Starting sync..." })).toBeDisabled();
  },
};

export const SyncFailed: Story = {
  args: { sync: { kind: "ended", message: "Sync failed: Gmail answered 503", failed: true, nextSyncAt: null, endedWhileWatched: true } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("We could not finish scanning your Promotions. Sync failed: Gmail answered 503")).toBeVisible();
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(args.onStartSync).toHaveBeenCalled();
  },
};

export const NotConnected: Story = {
  args: { gmailConnected: false, sync: { kind: "never" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("button", { name: /Sync/ })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Connect Gmail" }));
    const dialog = canvas.getByRole("dialog", { name: "Before you go to Google" });
    await expect(args.onConnectGmail).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Continue to Google" }));
    await expect(args.onConnectGmail).toHaveBeenCalledTimes(1);
  },
};

/** The consent step, left with Cancel: nothing goes to Google. */
export const NotConnectedConsentCancelled: Story = {
  args: NotConnected.args,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const connect = canvas.getByRole("button", { name: "Connect Gmail" });
    await userEvent.click(connect);
    await userEvent.click(within(canvas.getByRole("dialog", { name: "Before you go to Google" })).getByRole("button", { name: "Cancel" }));
    await expect(canvas.queryByRole("dialog")).toBeNull();
    await expect(args.onConnectGmail).not.toHaveBeenCalled();
  },
};
