import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { SyncProgress } from "./SyncProgress";

const phone = { globals: { viewport: { value: "mobile1", isRotated: false } } };

const meta = {
  title: "Pages/Dashboard/Sync Progress",
  component: SyncProgress,
  args: { sync: { kind: "running", message: "Scanning 120 of 480 emails", progress: { processed: 120, total: 480 } } },
} satisfies Meta<typeof SyncProgress>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Scanning: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Scanning 120 of 480 emails")).toBeVisible();
    const bar = canvas.getByRole("progressbar", { name: "Sync progress" });
    await expect(bar).toHaveAttribute("value", "120");
    await expect(bar).toHaveAttribute("max", "480");
    await expect(bar).toHaveAttribute("aria-valuetext", "120 of 480 emails");
    // Screen readers hear each quarter, not each answer of the server.
    await expect(canvas.getByRole("status")).toHaveTextContent("Scanning your Promotions: 25% done.");
  },
};

export const PhoneScanning: Story = { ...phone, play: Scanning.play };

export const Starting: Story = {
  args: { sync: { kind: "running", message: "Starting sync...", progress: null } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bar = canvas.getByRole("progressbar", { name: "Sync progress" });
    await expect(bar).not.toHaveAttribute("value");
    await expect(bar).toHaveAttribute("aria-valuetext", "Starting");
    await expect(canvas.getByRole("status")).toHaveTextContent("Scanning your Promotions for deals.");
  },
};

export const FinishedWhileWatched: Story = {
  args: { sync: { kind: "ended", message: "Sync completed: 14 new deals", failed: false, nextSyncAt: null, endedWhileWatched: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("progressbar")).toBeNull();
    await expect(canvas.getByRole("status")).toHaveTextContent("Sync completed: 14 new deals");
    await expect(canvas.getByRole("region", { name: "Gmail sync" })).toHaveTextContent("Sync completed: 14 new deals");
  },
};

export const PhoneFinishedWhileWatched: Story = { ...phone, args: FinishedWhileWatched.args, play: FinishedWhileWatched.play };

export const EndedBeforeThisVisit: Story = {
  args: { sync: { kind: "ended", message: "Sync completed: 3 new deals", failed: false, nextSyncAt: null, endedWhileWatched: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("region", { name: "Gmail sync" })).toBeNull();
    await expect(canvas.getByRole("status")).toBeEmptyDOMElement();
  },
};
