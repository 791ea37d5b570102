import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { RegisterView } from "./RegisterView";

const meta = {
  title: "Pages/Register",
  component: RegisterView,
  args: { pending: false, onContinueWithGoogle: fn() },
  parameters: { path: "/register" },
} satisfies Meta<typeof RegisterView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(canvas.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await expect(canvas.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
    await userEvent.click(canvas.getByRole("button", { name: "Continue with Google" }));
    await expect(args.onContinueWithGoogle).toHaveBeenCalledTimes(1);
  },
};

export const Redirecting: Story = { args: { pending: true } };
