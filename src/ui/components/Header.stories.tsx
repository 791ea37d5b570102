import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { Header } from "./Header";

const meta = {
  title: "Global/Header",
  component: Header,
  args: { user: null, sessionPending: false, demoMode: false, onLogout: fn() },
} satisfies Meta<typeof Header>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Storybook's phone viewport, where the header's actions move into a menu. */
const PHONE = { globals: { viewport: { value: "mobile1", isRotated: false } } } as const;

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
    // The item left with the menu: focus is back on the menu's button, where a dialog Logout opens returns it.
    await expect(trigger).toHaveFocus();
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

/** On a phone: one Menu button holds Install Extension, Login and Register; Escape closes it and focus returns. */
export const GuestMenu: Story = {
  ...PHONE,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const trigger = canvas.getByRole("button", { name: "Menu" });
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await userEvent.click(trigger);
    await expect(trigger).toHaveAttribute("aria-expanded", "true");
    const panel = canvasElement.ownerDocument.getElementById(trigger.getAttribute("aria-controls")!)!;
    const items = within(panel);
    await expect(items.getByRole("link", { name: "Install Extension" })).toHaveAttribute("href", "/extension");
    await expect(items.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/login");
    await expect(items.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
    // The arrow keys move through the items, round from the last to the first.
    await userEvent.keyboard("{ArrowDown}");
    await expect(items.getByRole("link", { name: "Install Extension" })).toHaveFocus();
    await userEvent.keyboard("{ArrowUp}");
    await expect(items.getByRole("link", { name: "Register" })).toHaveFocus();
    await userEvent.keyboard("{ArrowDown}");
    await expect(items.getByRole("link", { name: "Install Extension" })).toHaveFocus();
    await userEvent.keyboard("{Escape}");
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
    await expect(trigger).toHaveFocus();
  },
};

/** On a phone, Install Extension is in the user menu. */
export const SignedInMenuOnPhone: Story = {
  ...PHONE,
  args: { user: { displayName: "Alice Smith", email: "alice@example.com", initials: "AS" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole("button", { name: "Account menu for Alice Smith" }));
    const inMenu = canvas.getAllByRole("link", { name: "Install Extension" });
    // One in the row (hidden on phones by its style) and one in the menu.
    await expect(inMenu).toHaveLength(2);
    await userEvent.click(inMenu[1]!);
    await expect(canvas.queryByRole("link", { name: "Settings" })).not.toBeInTheDocument();
  },
};

/**
 * A session on its way (back from Google with a sign-in to complete, or a signed-in page before its script has run):
 * no Login or Register for someone about to be signed in.
 */
export const SessionPending: Story = {
  args: { sessionPending: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "Deal Finder" })).toBeInTheDocument();
    await expect(canvas.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    await expect(canvas.queryByRole("link", { name: "Register" })).not.toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: "Menu" })).not.toBeInTheDocument();
  },
};
