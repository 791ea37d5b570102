import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SignedInShell } from "./SignedInShell";
import { inDarkScheme } from "./storybook/decorators";

/**
 * What a signed-in page paints from its HTML before the app's script has run (the app then renders over it): the
 * header with the session pending and the loading state.
 */
const meta = {
  title: "Global/SignedInShell",
  component: SignedInShell,
  args: { demoMode: false },
  parameters: { layout: "fullscreen" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("link", { name: "Deal Finder" })).toBeInTheDocument();
    // Never a visitor's links for someone whose session is on its way, and no person yet.
    await expect(canvas.queryByRole("link", { name: "Login" })).not.toBeInTheDocument();
    await expect(canvas.queryByRole("link", { name: "Register" })).not.toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: "Menu" })).not.toBeInTheDocument();
    await expect(canvas.getByRole("status")).toHaveTextContent("Loading...");
  },
} satisfies Meta<typeof SignedInShell>;
export default meta;

type Story = StoryObj<typeof meta>;

const PHONE = { globals: { viewport: { value: "mobile1", isRotated: false } } } as const;

export const Desktop: Story = {};

export const DesktopDemoMode: Story = {
  args: { demoMode: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Demo mode")).toBeInTheDocument();
  },
};

export const Phone: Story = { ...PHONE };

export const PhoneDark: Story = { ...PHONE, decorators: [inDarkScheme] };
