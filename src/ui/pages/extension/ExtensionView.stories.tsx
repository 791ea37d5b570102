import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { EXTENSION_DOWNLOAD_PATH } from "../../../domain/extension";
import { ExtensionView } from "./ExtensionView";

const MOBILE = { globals: { viewport: { value: "mobile1", isRotated: false } } } as const;

const meta = {
  title: "Pages/Extension",
  component: ExtensionView,
  args: { pairing: { kind: "ready" }, onConnect: fn(), onDetectAgain: fn() },
} satisfies Meta<typeof ExtensionView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Installed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1, name: "Browser extension" })).toBeInTheDocument();
    const download = canvas.getByRole("link", { name: "Download the extension" });
    await expect(download).toHaveAttribute("href", EXTENSION_DOWNLOAD_PATH);
    await expect(download).toHaveAttribute("download");
    for (const step of ["chrome://extensions", "Developer mode", "Load unpacked"]) await expect(canvasElement).toHaveTextContent(step);
    await expect(canvas.getByRole("status")).toHaveTextContent("The extension is installed in this browser.");
    await userEvent.click(canvas.getByRole("button", { name: "Connect the extension" }));
    await expect(args.onConnect).toHaveBeenCalled();
  },
};

export const Looking: Story = {
  args: { pairing: { kind: "detecting" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Looking for the extension in this browser...");
    await expect(canvas.queryByRole("button", { name: "Connect the extension" })).toBeNull();
  },
};

export const NotInstalled: Story = {
  args: { pairing: { kind: "notInstalled" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("The extension is not installed in this browser yet");
    await expect(canvas.queryByRole("button", { name: "Connect the extension" })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Check again" }));
    await expect(args.onDetectAgain).toHaveBeenCalled();
  },
};

export const Connecting: Story = {
  args: { pairing: { kind: "connecting" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Connecting the extension...");
    await expect(canvas.getByRole("button", { name: "Connect the extension" })).toBeDisabled();
  },
};

export const Connected: Story = {
  args: { pairing: { kind: "connected" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent("Extension connected");
    await userEvent.click(canvas.getByRole("button", { name: "Connect again" }));
    await expect(args.onConnect).toHaveBeenCalled();
  },
};

export const Failed: Story = {
  args: { pairing: { kind: "failed", error: "The extension did not answer. Check that it is installed and turned on, then try again." } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("The extension did not answer.");
    await userEvent.click(canvas.getByRole("button", { name: "Connect the extension" }));
    await expect(args.onConnect).toHaveBeenCalled();
  },
};

export const InstalledMobile: Story = { ...Installed, ...MOBILE };
export const FailedMobile: Story = { ...Failed, ...MOBILE };
