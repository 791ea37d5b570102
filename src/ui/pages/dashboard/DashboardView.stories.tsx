import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { DashboardView } from "./DashboardView";
import { EMPTY_DASHBOARD, SAMPLE_DASHBOARD, SAMPLE_TODAY } from "./fixtures";

const meta = {
  title: "Pages/Dashboard",
  component: DashboardView,
  args: {
    state: { kind: "ready", dashboard: SAMPLE_DASHBOARD },
    greeting: "You have 2 new deals today, Alice!",
    isRefreshing: false,
    today: SAMPLE_TODAY,
    feedbackFormUrl: "https://forms.gle/",
    onRefresh: fn(),
    onCopy: fn(),
  },
  parameters: { path: "/dashboard" },
} satisfies Meta<typeof DashboardView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithDeals: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    for (const code of ["EARLY25", "BRAKES30", "SAFE10", "SPARKLE20"]) {
      await expect(canvas.getByText(code, { exact: true })).toBeInTheDocument();
    }
    await userEvent.click(canvas.getByRole("button", { name: "Copy code SAFE10" }));
    await expect(args.onCopy).toHaveBeenCalledWith("SAFE10");
    await expect(canvas.getByRole("button", { name: "Copied SAFE10" })).toHaveTextContent("Copied!");
    // Expired deals sort last.
    const titles = canvas.getAllByRole("heading", { level: 3 }).map((heading) => heading.textContent);
    await expect(titles.at(-1)).toBe("Free shipping this weekend");
    await userEvent.click(canvas.getByRole("button", { name: "Refresh" }));
    await expect(args.onRefresh).toHaveBeenCalled();
  },
};

export const Refreshing: Story = {
  args: { isRefreshing: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Updating...")).toBeInTheDocument();
  },
};

export const Welcome: Story = {
  args: { state: { kind: "ready", dashboard: EMPTY_DASHBOARD }, greeting: "Time to score some deals, Alice!" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Welcome to Deal Finder!" })).toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: "Connect and sync Gmail" })).toHaveAttribute("href", "/settings");
  },
};

export const Loading: Story = { args: { state: { kind: "loading" } } };

export const LoadFailed: Story = {
  args: { state: { kind: "error" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Error Loading Dashboard" })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Try Again" }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};
