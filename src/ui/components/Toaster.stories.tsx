import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Toaster } from "./Toaster";
import type { Toast } from "../../domain/toast";

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
  args: { toasts: [], onDismiss: fn() },
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
