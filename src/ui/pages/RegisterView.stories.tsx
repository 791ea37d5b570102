import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { RegisterView } from "./RegisterView";
import { inDarkScheme } from "../storybook/decorators";


const meta = {
  title: "Pages/Register",
  component: RegisterView,
  args: { pending: false, explaining: false, onContinueWithGoogle: fn(), onGoOnToGoogle: fn(), onBack: fn() },
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

/** What is read and kept, before Google's consent page: the two ways on are the only buttons. */
const explainsThenGoesOn: Story["play"] = async ({ canvasElement, args }) => {
  const canvas = within(canvasElement);
  await expect(canvas.getByRole("heading", { name: "Before you go to Google" })).toBeInTheDocument();
  await expect(canvas.getByText("What we read")).toBeInTheDocument();
  await expect(canvas.getByText(/Only the emails in your Gmail Promotions, read-only\./)).toBeInTheDocument();
  await expect(canvas.getByText("What we keep")).toBeInTheDocument();
  await expect(canvas.getByText(/Google will ask to "View your email messages and settings"/)).toBeInTheDocument();
  await userEvent.click(canvas.getByRole("button", { name: "Back" }));
  await expect(args.onBack).toHaveBeenCalledTimes(1);
  await userEvent.click(canvas.getByRole("button", { name: "Continue to Google" }));
  await expect(args.onGoOnToGoogle).toHaveBeenCalledTimes(1);
  await expect(args.onContinueWithGoogle).not.toHaveBeenCalled();
};

export const ConsentExplained: Story = { args: { explaining: true }, play: explainsThenGoesOn };

export const ConsentExplainedPhoneDark: Story = {
  args: { explaining: true },
  decorators: [inDarkScheme],
  globals: { viewport: { value: "mobile1", isRotated: false } },
  play: explainsThenGoesOn,
};

/** Going on: both buttons wait while Google's address is fetched. */
export const ConsentGoingOn: Story = {
  args: { explaining: true, pending: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("button", { name: "Continue to Google" })).toBeDisabled();
    await expect(canvas.getByRole("button", { name: "Back" })).toBeDisabled();
  },
};

export const Redirecting: Story = { args: { pending: true } };
