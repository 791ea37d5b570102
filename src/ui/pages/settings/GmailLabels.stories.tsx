import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { GmailLabels } from "./GmailLabels";
import { LOAD_FAILED, MOBILE, NOT_CONNECTED, READY, SAMPLE_SETTINGS } from "./fixtures";

const meta = {
  title: "Pages/Settings/Gmail Labels",
  component: GmailLabels,
  args: { load: READY },
} satisfies Meta<typeof GmailLabels>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Choose which Gmail labels/folders to monitor for promotional emails.")).toBeInTheDocument();
    await expect(canvas.getByText("Currently monitoring: 2 label(s)")).toBeInTheDocument();
    const [left, right] = canvas.getAllByRole("list");
    await expect(within(left!).getAllByRole("checkbox")).toHaveLength(8);
    await expect(within(right!).getAllByRole("checkbox").map((box) => box.id)).toEqual(["label-Label_1", "label-Label_2"]);
    await expect(canvas.getByRole("checkbox", { name: "Promotions" })).toBeChecked();
    await expect(canvas.getByRole("checkbox", { name: "Promotions" })).toBeDisabled();
    await expect(canvas.getAllByText("Custom")).toHaveLength(2);
    await expect(canvas.getByText("Label customization coming soon.")).toBeInTheDocument();
  },
};

export const NotConnected: Story = {
  args: { load: NOT_CONNECTED },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText("Gmail is not connected. Please connect your Gmail account to manage labels."),
    ).toBeInTheDocument();
  },
};

export const NoLabels: Story = {
  args: { load: { kind: "ready", settings: { ...SAMPLE_SETTINGS, gmailLabels: [] }, refreshing: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Currently monitoring: 0 label(s)")).toBeInTheDocument();
    await expect(canvas.getByText("No Gmail labels found")).toBeInTheDocument();
    await expect(canvas.getByText("Gmail labels will appear here once they are available")).toBeInTheDocument();
  },
};

export const Loading: Story = {
  args: { load: { kind: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("Loading Gmail labels...")).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { load: LOAD_FAILED },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("alert")).toHaveTextContent(
      "Error: Failed to fetch settings. Please try refreshing the page.",
    );
  },
};

export const ConnectedMobile: Story = { ...Connected, ...MOBILE };
export const NotConnectedMobile: Story = { ...NotConnected, ...MOBILE };
export const NoLabelsMobile: Story = { ...NoLabels, ...MOBILE };
export const LoadingMobile: Story = { ...Loading, ...MOBILE };
export const LoadFailedMobile: Story = { ...LoadFailed, ...MOBILE };
