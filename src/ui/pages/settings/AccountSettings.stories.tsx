import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { AccountSettings } from "./AccountSettings";
import { MOBILE } from "./fixtures";

const meta = {
  title: "Pages/Settings/Account Settings",
  component: AccountSettings,
  args: {
    email: "alice@example.com",
    deletion: { kind: "idle" },
    onDeleteRequest: fn(),
    onDeleteCancel: fn(),
    onDeleteConfirm: fn(),
  },
} satisfies Meta<typeof AccountSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Account: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByLabelText("Username")).toHaveValue("alice");
    await expect(canvas.getByLabelText("Username")).toHaveAttribute("readonly");
    await expect(canvas.getByLabelText("Email Address")).toHaveValue("alice@example.com");
    await expect(canvas.getByLabelText("Email Address")).toHaveAttribute("readonly");
    await expect(canvas.getByRole("button", { name: "Change Password" })).toBeDisabled();
    await expect(canvas.getByText("You signed up with Google, so password authentication is not available.")).toBeInTheDocument();
    await expect(canvas.queryByRole("dialog")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Delete Account" }));
    await expect(args.onDeleteRequest).toHaveBeenCalled();
  },
};

export const ConfirmDeletion: Story = {
  args: { deletion: { kind: "confirming" } },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole("dialog", { name: "Delete your account?" });
    const inDialog = within(dialog);
    for (const item of ["every deal and promo code", "your brands", "sync history", "all your sessions"]) {
      await expect(dialog).toHaveTextContent(item);
    }
    await expect(dialog).toHaveTextContent("access to your Google account and Gmail is revoked");
    await expect(inDialog.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(inDialog.getByRole("button", { name: "Cancel" }));
    await expect(args.onDeleteCancel).toHaveBeenCalled();
    await userEvent.click(inDialog.getByRole("button", { name: "Delete my account" }));
    await expect(args.onDeleteConfirm).toHaveBeenCalled();
  },
};

export const Deleting: Story = {
  args: { deletion: { kind: "deleting" } },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement).getByRole("dialog"));
    await expect(dialog.getByRole("button", { name: "Deleting..." })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  },
};

export const DeletionFailed: Story = {
  args: { deletion: { kind: "failed", error: "Failed to delete your account. Please try again." } },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement).getByRole("dialog"));
    await expect(dialog.getByRole("alert")).toHaveTextContent("Failed to delete your account. Please try again.");
    await userEvent.click(dialog.getByRole("button", { name: "Delete my account" }));
    await expect(args.onDeleteConfirm).toHaveBeenCalled();
  },
};

export const AccountMobile: Story = { ...Account, ...MOBILE };
export const ConfirmDeletionMobile: Story = { ...ConfirmDeletion, ...MOBILE };
export const DeletingMobile: Story = { ...Deleting, ...MOBILE };
export const DeletionFailedMobile: Story = { ...DeletionFailed, ...MOBILE };
