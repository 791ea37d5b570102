import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Toaster } from "./Toaster";
import type { Toast } from "../../domain/toast";
import { EARLY_ACCESS_TOASTS } from "../../domain/earlyAccess";
import { EARLY_ACCESS_REFUSED_TITLE, GOOGLE_FLOW_FAILURES } from "../../application/messages";
import { OAUTH_MESSAGES } from "../../domain/oauthCallback";

const toast = (overrides: Partial<Toast>): Toast => ({
  id: "1",
  title: "Success",
  description: "Request sent successfully! We'll be in touch soon.",
  variant: "success",
  open: true,
  durationMs: 5000,
  ...overrides,
});

const meta = {
  title: "Global/Toaster",
  component: Toaster,
  args: { toasts: [], onDismiss: fn(), onAction: fn(), onHold: fn(), onRelease: fn() },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole("status")).not.toBeInTheDocument();
  },
};

export const SuccessToast: Story = {
  args: { toasts: [toast({})] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Success");
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss notification" }));
    await expect(args.onDismiss).toHaveBeenCalledWith("1");
  },
};

export const RequestFailed: Story = {
  args: { toasts: [toast({ title: "Request failed", description: "Network error occurred", variant: "destructive" })] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent("Network error occurred");
  },
};

export const DefaultToast: Story = {
  args: { toasts: [toast({ title: "Gmail Connected", description: "Your Gmail account has been successfully connected!", variant: "default" })] },
};

export const DismissedToastIsHidden: Story = {
  args: { toasts: [toast({ open: false })] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByText("Success")).not.toBeInTheDocument();
  },
};

const shown = (title: string, description: string, variant: Toast["variant"]): Story => ({
  args: { toasts: [toast({ title, description, variant })] },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole(variant === "destructive" ? "alert" : "status");
    await expect(region).toHaveTextContent(title);
    await expect(region).toHaveTextContent(description);
  },
});

export const EarlyAccessValidationError = shown(
  EARLY_ACCESS_TOASTS.validation.title,
  EARLY_ACCESS_TOASTS.validation.description,
  "destructive",
);
export const EarlyAccessSuccess = shown(EARLY_ACCESS_TOASTS.success.title, EARLY_ACCESS_TOASTS.success.description, "success");
export const EarlyAccessRefused = shown(EARLY_ACCESS_REFUSED_TITLE, EARLY_ACCESS_TOASTS.refusedFallback, "destructive");
export const EarlyAccessInvalidData = shown(EARLY_ACCESS_REFUSED_TITLE, EARLY_ACCESS_TOASTS.invalidFallback, "destructive");
export const EarlyAccessNetworkError = shown(
  EARLY_ACCESS_TOASTS.network.title,
  EARLY_ACCESS_TOASTS.network.description,
  "destructive",
);
export const GoogleSignInFailed = shown("Error", GOOGLE_FLOW_FAILURES.signin, "destructive");
export const GoogleSignUpFailed = shown("Error", GOOGLE_FLOW_FAILURES.signup, "destructive");
export const GoogleSignUpWithGmailFailed = shown("Error", GOOGLE_FLOW_FAILURES["gmail-signup"], "destructive");
export const LinkGoogleFailed = shown("Error", GOOGLE_FLOW_FAILURES.link, "destructive");
export const GmailConnected = shown("Gmail Connected", OAUTH_MESSAGES.gmailConnected, "success");

const undoToast = toast({
  title: "All deals from Cloudnook hidden",
  description: "You can show them again in Settings.",
  durationMs: 8_000,
  actionLabel: "Undo",
});

/** Hiding a brand: Undo is a real button, reached by F8 from anywhere (or Tab), and the toast holds still meanwhile. */
export const UndoToast: Story = {
  args: { toasts: [undoToast] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("region", { name: "Notifications (F8)" })).toBeInTheDocument();
    const undo = canvas.getByRole("button", { name: "Undo" });
    await userEvent.keyboard("{F8}");
    await expect(undo).toHaveFocus();
    await expect(args.onHold).toHaveBeenCalledWith("1");
    await userEvent.keyboard("{Enter}");
    await expect(args.onAction).toHaveBeenCalledWith("1");
    await userEvent.tab();
    await userEvent.tab();
    await expect(args.onRelease).toHaveBeenCalledWith("1");
  },
};

export const PhoneUndoToast: Story = {
  ...UndoToast,
  globals: { viewport: { value: "mobile1", isRotated: false } },
};
