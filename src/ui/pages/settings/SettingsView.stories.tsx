import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import { SettingsView } from "./SettingsView";
import { IDLE_SYNC, LOAD_FAILED, MOBILE, NOT_CONNECTED, READY, RUNNING_SYNC } from "./fixtures";

const meta = {
  title: "Pages/Settings",
  component: SettingsView,
  args: {
    load: READY,
    userEmail: "alice@example.com",
    sync: IDLE_SYNC,
    connecting: false,
    pendingBrandIds: new Set<string>(),
    deletion: { kind: "idle" },
    onSyncNow: fn(),
    confirmingDisconnect: false,
    onDisconnectRequest: fn(),
    onDisconnectCancel: fn(),
    onDisconnectConfirm: fn(),
    onConnectGmail: fn(),
    onToggleBrand: fn(),
    onDeleteRequest: fn(),
    onDeleteCancel: fn(),
    onDeleteConfirm: fn(),
  },
  parameters: { path: "/settings" },
} satisfies Meta<typeof SettingsView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Settings", level: 1 })).toBeInTheDocument();
    await expect(canvas.getByText("Manage your account preferences and settings")).toBeInTheDocument();
    const panels = canvas.getAllByRole("heading", { level: 2 }).map((heading) => heading.textContent);
    await expect(panels).toEqual(["Gmail Connection", "Account Settings", "Brand Settings", "Gmail Labels"]);
    await expect(canvas.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(canvas.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  },
};

export const Syncing: Story = { args: { sync: RUNNING_SYNC } };

export const NotConnected: Story = {
  args: { load: NOT_CONNECTED },
  play: async ({ canvasElement }) => {
    // Until the settings name a linked Google account, the account panel shows the signed-in email.
    await expect(within(canvasElement).getByLabelText("Email Address")).toHaveValue("alice@example.com");
  },
};

export const Loading: Story = { args: { load: { kind: "loading" } } };

export const LoadFailed: Story = { args: { load: LOAD_FAILED } };

export const ConfirmDeletion: Story = { args: { deletion: { kind: "confirming" } } };

export const ConfirmDisconnect: Story = {
  args: { confirmingDisconnect: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("dialog", { name: "Disconnect Gmail?" })).toBeInTheDocument();
  },
};

export const ConnectedMobile: Story = { ...Connected, ...MOBILE };
export const SyncingMobile: Story = { ...Syncing, ...MOBILE };
export const NotConnectedMobile: Story = { ...NotConnected, ...MOBILE };
export const LoadingMobile: Story = { ...Loading, ...MOBILE };
export const LoadFailedMobile: Story = { ...LoadFailed, ...MOBILE };
export const ConfirmDeletionMobile: Story = { ...ConfirmDeletion, ...MOBILE };
export const ConfirmDisconnectMobile: Story = { ...ConfirmDisconnect, ...MOBILE };
