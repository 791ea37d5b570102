import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import PrivacyPage from "./PrivacyPage";
import TermsPage from "./TermsPage";

const meta = { title: "Pages/Legal" } satisfies Meta;

export default meta;

export const Privacy: StoryObj = {
  render: () => <PrivacyPage />,
  parameters: { path: "/privacy" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/not directed to children under 13/)).toBeInTheDocument();
    await expect(canvas.getByText("Effective date: 1 October 2025")).toBeInTheDocument();
    await expect(canvas.getByText("Last updated: October 2, 2025")).toBeInTheDocument();
    await expect(canvas.getAllByRole("link", { name: "Terms of Service" })[0]).toHaveAttribute("href", "/terms");
  },
};

export const Terms: StoryObj = {
  render: () => <TermsPage />,
  parameters: { path: "/terms" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/at least 18 years old/)).toBeInTheDocument();
    await expect(canvas.getByText(/State of Delaware/)).toBeInTheDocument();
    await expect(canvas.getByText(/or 100 US dollars if you paid/)).toBeInTheDocument();
    await expect(canvas.getAllByRole("link", { name: "Privacy Policy" })[0]).toHaveAttribute("href", "/privacy");
  },
};
