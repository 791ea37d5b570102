import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SettingsView } from "./SettingsView";

const meta = {
  title: "Pages/Settings",
  component: SettingsView,
  args: { user: { id: "u1", email: "alice@example.com", first_name: "Alice", last_name: null, gmail_connected: true } },
  parameters: { path: "/settings" },
} satisfies Meta<typeof SettingsView>;

export default meta;

export const Default: StoryObj<typeof meta> = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Settings" })).toBeInTheDocument();
    await expect(canvas.getByText("Manage your account preferences and settings")).toBeInTheDocument();
    await expect(canvas.getByText("alice@example.com")).toBeInTheDocument();
  },
};
