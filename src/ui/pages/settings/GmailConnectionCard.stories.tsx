import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { GmailConnectionCard } from "./GmailConnectionCard";
import { IDLE_SYNC, LOAD_FAILED, MOBILE, NOT_CONNECTED, READY, RUNNING_SYNC } from "./fixtures";

const meta = {
  title: "Pages/Settings/Gmail Connection",
  component: GmailConnectionCard,
  args: {
    load: READY,
    sync: IDLE_SYNC,
    connecting: false,
    confirmingDisconnect: false,
    onSyncNow: fn(),
    onDisconnectRequest: fn(),
    onDisconnectCancel: fn(),
    onDisconnectConfirm: fn(),
    onConnectGmail: fn(),
  },
} satisfies Meta<typeof GmailConnectionCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Connected")).toBeInTheDocument();
    await expect(canvas.getByText("Promotions")).toBeInTheDocument();
    await expect(canvas.getByText("alice@example.com")).toBeInTheDocument();
    await expect(canvas.queryByRole("progressbar")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Sync Now" }));
    await expect(args.onSyncNow).toHaveBeenCalled();
    await expect(canvas.queryByRole("dialog")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Disconnect" }));
    await expect(args.onDisconnectRequest).toHaveBeenCalled();
    await expect(args.onDisconnectConfirm).not.toHaveBeenCalled();
  },
};

export const ConfirmDisconnect: Story = {
  args: { confirmingDisconnect: true },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole("dialog", { name: "Disconnect Gmail?" });
    await expect(dialog).toHaveAccessibleDescription(/stops reading your Promotions/);
    const inDialog = within(dialog);
    await expect(inDialog.getByRole("button", { name: "Cancel" })).toHaveFocus();
    // Escape is the native dialog's own (jsdom has none): the end-to-end test presses it.
    await userEvent.click(inDialog.getByRole("button", { name: "Cancel" }));
    await expect(args.onDisconnectCancel).toHaveBeenCalledTimes(1);
    await userEvent.click(inDialog.getByRole("button", { name: "Disconnect Gmail" }));
    await expect(args.onDisconnectConfirm).toHaveBeenCalledTimes(1);
  },
};

export const Syncing: Story = {
  args: { sync: RUNNING_SYNC },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole("progressbar", { name: "Sync progress" });
    await expect(bar).toHaveAttribute("aria-valuenow", "18");
    await expect(bar).toHaveAttribute("aria-valuemax", "47");
    await expect(canvas.getByRole("status")).toHaveTextContent("Scanning 18 of 47 emails");
    await expect(canvas.getByRole("status")).toHaveAttribute("data-tone", "warning");
    await expect(canvas.getByRole("button", { name: "Syncing..." })).toBeDisabled();
  },
};

export const SyncStarted: Story = {
  args: { sync: { ...IDLE_SYNC, syncing: true, notice: { text: "Gmail sync started.", outcome: "running" } } },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole("progressbar", { name: "Sync progress" });
    await expect(bar).not.toHaveAttribute("aria-valuenow");
    await expect(bar).toHaveAttribute("aria-valuetext", "Starting");
  },
};

export const SyncCompleted: Story = {
  args: { sync: { ...IDLE_SYNC, notice: { text: "Sync completed: 9 new deals", outcome: "completed" }, progress: { processed: 47, total: 47 } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Sync completed: 9 new deals");
    await expect(within(canvasElement).getByRole("status")).toHaveAttribute("data-tone", "success");
    await expect(within(canvasElement).getByRole("button", { name: "Sync Now" })).toBeEnabled();
  },
};

export const SyncAlreadyRunning: Story = {
  args: { sync: { ...IDLE_SYNC, syncing: true, notice: { text: "Sync is already in progress. Please wait for it to complete.", outcome: "already_running" } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveAttribute("data-tone", "warning");
  },
};

/** The colour follows the outcome, not the words: a failure that never says "failed" is still red. */
export const SyncFailed: Story = {
  args: { sync: { ...IDLE_SYNC, notice: { text: "Gmail is not connected. Connect Gmail first.", outcome: "failed" } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveAttribute("data-tone", "danger");
    await expect(within(canvasElement).getByRole("button", { name: "Sync Now" })).toBeEnabled();
  },
};

/** A sentence that says "running" or "completed" in passing is coloured by the outcome alone. */
export const SyncNeverRan: Story = {
  args: { sync: { ...IDLE_SYNC, notice: { text: "No sync has completed yet.", outcome: "none" } } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveAttribute("data-tone", "info");
  },
};

export const Disconnecting: Story = {
  args: { sync: { ...IDLE_SYNC, disconnecting: true } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Disconnecting..." })).toBeDisabled();
  },
};

export const NotConnected: Story = {
  args: { load: NOT_CONNECTED },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Not Connected")).toBeInTheDocument();
    await expect(canvas.getByText("Never")).toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: "Sync Now" })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Connect Gmail" }));
    // First what is read and kept, as at sign-up; Google only from there.
    const dialog = canvas.getByRole("dialog", { name: "Before you go to Google" });
    await expect(dialog).toHaveAccessibleDescription(/Only the emails in your Gmail Promotions, read-only/);
    await expect(args.onConnectGmail).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Continue to Google" }));
    await expect(args.onConnectGmail).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole("dialog")).toBeNull();
  },
};

/** The consent step, left with Cancel: nothing goes to Google and focus returns to the button. */
export const ConnectConsentCancelled: Story = {
  args: { load: NOT_CONNECTED },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Connect Gmail" }));
    const dialog = canvas.getByRole("dialog", { name: "Before you go to Google" });
    await expect(within(dialog).getByText(/View your email messages and settings/)).toBeInTheDocument();
    await expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await expect(canvas.queryByRole("dialog")).toBeNull();
    await expect(args.onConnectGmail).not.toHaveBeenCalled();
  },
};

export const Connecting: Story = {
  args: { load: NOT_CONNECTED, connecting: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Opening Google..." })).toBeDisabled();
  },
};

export const Loading: Story = { args: { load: { kind: "loading" } } };

export const LoadFailed: Story = {
  args: { load: LOAD_FAILED },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Error: Failed to fetch settings.");
  },
};

export const ConnectedMobile: Story = { ...Connected, ...MOBILE };
export const ConnectConsentCancelledMobile: Story = { ...ConnectConsentCancelled, ...MOBILE };
export const SyncingMobile: Story = { ...Syncing, ...MOBILE };
export const SyncStartedMobile: Story = { ...SyncStarted, ...MOBILE };
export const SyncCompletedMobile: Story = { ...SyncCompleted, ...MOBILE };
export const SyncAlreadyRunningMobile: Story = { ...SyncAlreadyRunning, ...MOBILE };
export const SyncFailedMobile: Story = { ...SyncFailed, ...MOBILE };
export const DisconnectingMobile: Story = { ...Disconnecting, ...MOBILE };
export const ConfirmDisconnectMobile: Story = { ...ConfirmDisconnect, ...MOBILE };
export const NotConnectedMobile: Story = { ...NotConnected, ...MOBILE };
export const ConnectingMobile: Story = { ...Connecting, ...MOBILE };
export const LoadingMobile: Story = { ...Loading, ...MOBILE };
export const LoadFailedMobile: Story = { ...LoadFailed, ...MOBILE };
