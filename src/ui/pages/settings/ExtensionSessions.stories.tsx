import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { ConnectedExtension } from "../../../application/ports/extension";
import { ExtensionSessionsCard } from "./ExtensionSessions";
import { MOBILE } from "./fixtures";

const CHROME: ConnectedExtension = {
  id: "s1",
  createdAt: "2026-11-20T08:00:00.000Z",
  lastUsedAt: "2026-11-23T09:30:00.000Z",
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
};
const EDGE: ConnectedExtension = {
  id: "s2",
  createdAt: "2026-11-22T18:15:00.000Z",
  lastUsedAt: null,
  userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36 Edg/156.0.0.0",
};

const meta = {
  title: "Pages/Settings/Browser Extension",
  component: ExtensionSessionsCard,
  args: {
    view: { kind: "ready", sessions: [CHROME, EDGE], confirming: null },
    onRetry: fn(),
    onDisconnect: fn(),
    onCancel: fn(),
    onConfirm: fn(),
  },
} satisfies Meta<typeof ExtensionSessionsCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Connected: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Browser extension" })).toBeInTheDocument();
    const items = canvas.getAllByRole("listitem");
    await expect(items).toHaveLength(2);
    await expect(items[0]).toHaveTextContent("Chrome on Linux");
    await expect(items[0]).toHaveTextContent("Last used");
    await expect(items[1]).toHaveTextContent("Edge on Windows");
    await expect(items[1]).toHaveTextContent("Not used yet");
    await expect(canvas.getByRole("link", { name: "Set up the extension" })).toHaveAttribute("href", "/extension");
    await expect(canvas.queryByRole("dialog")).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: "Disconnect Edge on Windows" }));
    await expect(args.onDisconnect).toHaveBeenCalledWith("s2");
  },
};

export const Loading: Story = {
  args: { view: { kind: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading connected extensions...");
  },
};

export const LoadFailed: Story = {
  args: { view: { kind: "failed", error: "Could not load your connected extensions" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Could not load your connected extensions");
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const NoneConnected: Story = {
  args: { view: { kind: "ready", sessions: [], confirming: null } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No extension connected")).toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: /Disconnect/ })).toBeNull();
  },
};

export const ConfirmDisconnect: Story = {
  args: { view: { kind: "ready", sessions: [CHROME, EDGE], confirming: { sessionId: "s1", disconnecting: false, error: null } } },
  play: async ({ canvasElement, args }) => {
    const dialog = within(canvasElement).getByRole("dialog", { name: "Disconnect this extension?" });
    await expect(dialog).toHaveTextContent("The extension in Chrome on Linux stops showing your codes at once.");
    const inDialog = within(dialog);
    await expect(inDialog.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(inDialog.getByRole("button", { name: "Cancel" }));
    await expect(args.onCancel).toHaveBeenCalled();
    await userEvent.click(inDialog.getByRole("button", { name: "Disconnect" }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Disconnecting: Story = {
  args: { view: { kind: "ready", sessions: [CHROME], confirming: { sessionId: "s1", disconnecting: true, error: null } } },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement).getByRole("dialog"));
    await expect(dialog.getByRole("button", { name: "Disconnecting..." })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  },
};

export const DisconnectFailed: Story = {
  args: {
    view: {
      kind: "ready",
      sessions: [CHROME],
      confirming: { sessionId: "s1", disconnecting: false, error: "The extension could not be disconnected. Please try again." },
    },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement).getByRole("dialog"));
    await expect(dialog.getByRole("alert")).toHaveTextContent("The extension could not be disconnected. Please try again.");
    await userEvent.click(dialog.getByRole("button", { name: "Disconnect" }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const ConnectedMobile: Story = { ...Connected, ...MOBILE };
export const ConfirmDisconnectMobile: Story = { ...ConfirmDisconnect, ...MOBILE };
