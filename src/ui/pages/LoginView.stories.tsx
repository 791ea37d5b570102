import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { LoginView } from "./LoginView";

const meta = {
  title: "Pages/Login",
  component: LoginView,
  args: { message: null, pending: false, onContinueWithGoogle: fn() },
  parameters: { path: "/login" },
} satisfies Meta<typeof LoginView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Welcome Back" })).toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/register");
    await expect(canvas.getByRole("link", { name: "Close and go to the home page" })).toHaveAttribute("href", "/");
    await userEvent.click(canvas.getByRole("button", { name: "Continue with Google" }));
    await expect(args.onContinueWithGoogle).toHaveBeenCalledTimes(1);
  },
};

export const SessionExpired: Story = {
  args: { message: "Session expired. Please log in again." },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Session expired. Please log in again.");
  },
};

export const Redirecting: Story = {
  args: { pending: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("button", { name: "Continue with Google" })).toBeDisabled();
  },
};
