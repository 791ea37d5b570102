import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Header } from "./Header";

const meta = {
  title: "Global/Header",
  component: Header,
  args: { user: null, demoMode: false, extensionStoreUrl: "https://chromewebstore.google.com/", onLogout: fn() },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Guest: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
    await expect(canvas.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(canvas.getByRole("link", { name: "Install Extension" })).toBeInTheDocument();
    await expect(canvas.queryByText("Demo mode")).not.toBeInTheDocument();
  },
};

export const GuestInDemoMode: Story = {
  args: { demoMode: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Demo mode")).toBeInTheDocument();
  },
};

export const SignedIn: Story = {
  args: { user: { displayName: "Alice Smith", email: "alice@example.com", initials: "AS" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("link", { name: "Register" })).not.toBeInTheDocument();
    const trigger = canvas.getByRole("button", { name: "Account menu for Alice Smith" });
    await expect(trigger).toHaveTextContent("AS");
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    await expect(canvas.getByText("alice@example.com")).toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: "Settings" })).toHaveAttribute("href", "/settings");
    await userEvent.click(canvas.getByRole("button", { name: "Logout" }));
    await expect(args.onLogout).toHaveBeenCalledTimes(1);
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  },
};

export const SignedInMenuClosesWithEscape: Story = {
  args: { user: { displayName: "Bob", email: "bob@example.com", initials: "B" }, demoMode: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole("button", { name: "Account menu for Bob" });
    await userEvent.click(trigger);
    await expect(canvas.getByRole("link", { name: "Settings" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await expect(canvas.queryByRole("link", { name: "Settings" })).not.toBeInTheDocument();
    await expect(trigger).toHaveFocus();
  },
};
