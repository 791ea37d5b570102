import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { sortSenders } from "../../../domain/senders";
import { SAMPLE_SENDERS, SENDER_WITHOUT_DEALS } from "./senderFixtures";
import { YourSendersCard } from "./YourSenders";
import { atWidth, inDarkScheme } from "../../storybook/decorators";

const PHONE = { decorators: [atWidth(390)] };
const DESKTOP = { decorators: [atWidth(1280)] };
const PHONE_DARK = { decorators: [atWidth(390), inDarkScheme] };
const DESKTOP_DARK = { decorators: [atWidth(1280), inDarkScheme] };

const ready = (sort: "saved" | "mailsPerWeek" | "dealsFound" = "saved") =>
  ({ kind: "ready", senders: sortSenders(SAMPLE_SENDERS, sort), sort, confirming: null }) as const;

const meta = {
  title: "Pages/Settings/Your Senders",
  component: YourSendersCard,
  args: { view: ready(), onRetry: fn(), onSort: fn(), onUnsubscribe: fn(), onCancel: fn(), onConfirm: fn() },
} satisfies Meta<typeof YourSendersCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithSenders: Story = {
  ...DESKTOP,
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Your senders" })).toBeInTheDocument();
    const rows = canvas.getAllByRole("row").slice(1);
    await expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      "Quillfern Paper",
      "Lumen & Loom",
      "Cobblestone Coffee",
      "Harrowgate Outdoor",
      "Marrowfield Weekly",
    ]);
    await expect(canvas.getByRole("columnheader", { name: /Money saved/ })).toHaveAttribute("aria-sort", "descending");
    await expect(canvas.getByRole("columnheader", { name: /Mails a week/ })).toHaveAttribute("aria-sort", "none");
    // Two currencies are listed side by side, never added.
    await expect(rows[1]).toHaveTextContent("€18.00 · $5.00");
    await expect(canvas.getByText(/^Unsubscribed /)).toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: /Unsubscribe by email from Harrowgate Outdoor/ })).toHaveAttribute("rel", "noopener noreferrer");
    await expect(canvas.getByRole("link", { name: /Unsubscribe on its website: Lumen & Loom/ })).toHaveAttribute("href", "https://lumenloom.example/preferences");
    await userEvent.click(canvas.getByRole("button", { name: /Mails a week/ }));
    await expect(args.onSort).toHaveBeenCalledWith("mailsPerWeek");
    await userEvent.click(canvas.getByRole("button", { name: "Unsubscribe from Quillfern Paper" }));
    await expect(args.onUnsubscribe).toHaveBeenCalledWith("s1");
  },
};

export const SortedByMailsAWeek: Story = {
  ...DESKTOP,
  args: { view: ready("mailsPerWeek") },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("columnheader", { name: /Mails a week/ })).toHaveAttribute("aria-sort", "descending");
    const first = canvas.getAllByRole("row")[1]!;
    await expect(within(first).getByRole("rowheader")).toHaveTextContent("Marrowfield Weekly");
  },
};

/** The sender a person most wants to leave: nine mails a week and never a deal. No brand, so no brand page to link. */
export const SenderWithoutDeals: Story = {
  ...DESKTOP,
  args: { view: ready("mailsPerWeek") },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const row = canvas.getAllByRole("row").find((candidate) => candidate.textContent?.includes(SENDER_WITHOUT_DEALS.name))!;
    const cells = within(row).getAllByRole("cell").map((cell) => cell.textContent);
    await expect(cells.slice(0, 4)).toEqual(["9", "0", "0", "—"]);
    await expect(within(row).getByRole("rowheader")).toHaveTextContent("Marrowfield Weekly");
    await expect(within(within(row).getByRole("rowheader")).queryByRole("link")).toBeNull();
    // A sender with a brand links its page.
    await expect(canvas.getByRole("link", { name: "Quillfern Paper" })).toHaveAttribute("href", "/brands/b1");
    await userEvent.click(within(row).getByRole("button", { name: "Unsubscribe from Marrowfield Weekly" }));
    await expect(args.onUnsubscribe).toHaveBeenCalledWith("s5");
  },
};

export const Empty: Story = {
  ...DESKTOP,
  args: { view: { kind: "ready", senders: [], sort: "saved", confirming: null } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("No senders yet")).toBeInTheDocument();
    await expect(canvas.queryByRole("table")).toBeNull();
  },
};

export const Loading: Story = {
  args: { view: { kind: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Loading your senders...");
  },
};

export const LoadFailed: Story = {
  args: { view: { kind: "failed", error: "Could not load your senders" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent("Could not load your senders");
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

const pending = (unsubscribing: boolean, error: string | null) =>
  ({ ...ready(), confirming: { sender: SAMPLE_SENDERS[0]!, unsubscribing, error } }) as const;

export const ConfirmUnsubscribe: Story = {
  ...DESKTOP,
  args: { view: pending(false, null) },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement).getByRole("dialog", { name: "Unsubscribe from Quillfern Paper?" }));
    await expect(dialog.getByRole("button", { name: "Cancel" })).toHaveFocus();
    await userEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    await expect(args.onCancel).toHaveBeenCalled();
    await userEvent.click(dialog.getByRole("button", { name: "Unsubscribe" }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Unsubscribing: Story = {
  ...DESKTOP,
  args: { view: pending(true, null) },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement).getByRole("dialog"));
    await expect(dialog.getByRole("button", { name: "Unsubscribing..." })).toBeDisabled();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeDisabled();
  },
};

export const UnsubscribeRefused: Story = {
  ...DESKTOP,
  args: { view: pending(false, "The sender did not accept the request. Use the unsubscribe link in one of its emails.") },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement).getByRole("dialog"));
    await expect(dialog.getByRole("alert")).toHaveTextContent("The sender did not accept the request.");
    await userEvent.click(dialog.getByRole("button", { name: "Unsubscribe" }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Unsubscribed: Story = {
  ...DESKTOP,
  args: {
    view: { ...ready(), senders: [{ ...SAMPLE_SENDERS[0]!, unsubscribedAt: "2026-11-27T09:00:00.000Z" }] },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/^Unsubscribed /)).toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: /Unsubscribe from/ })).toBeNull();
  },
};

export const WithSendersPhone: Story = { ...WithSenders, ...PHONE };
export const SenderWithoutDealsPhone: Story = { ...SenderWithoutDeals, ...PHONE };
export const SenderWithoutDealsDark: Story = { ...SenderWithoutDeals, ...DESKTOP_DARK };
export const SenderWithoutDealsPhoneDark: Story = { ...SenderWithoutDeals, ...PHONE_DARK };
export const WithSendersDark: Story = { ...WithSenders, ...DESKTOP_DARK };
export const WithSendersPhoneDark: Story = { ...WithSenders, ...PHONE_DARK };
export const EmptyPhone: Story = { ...Empty, ...PHONE };
export const EmptyDark: Story = { ...Empty, ...DESKTOP_DARK };
export const EmptyPhoneDark: Story = { ...Empty, ...PHONE_DARK };
export const ConfirmUnsubscribePhone: Story = { ...ConfirmUnsubscribe, ...PHONE };
export const ConfirmUnsubscribeDark: Story = { ...ConfirmUnsubscribe, ...DESKTOP_DARK };
export const ConfirmUnsubscribePhoneDark: Story = { ...ConfirmUnsubscribe, ...PHONE_DARK };
export const UnsubscribedPhone: Story = { ...Unsubscribed, ...PHONE };
export const UnsubscribedDark: Story = { ...Unsubscribed, ...DESKTOP_DARK };
export const UnsubscribedPhoneDark: Story = { ...Unsubscribed, ...PHONE_DARK };
export const UnsubscribeRefusedPhone: Story = { ...UnsubscribeRefused, ...PHONE };
export const UnsubscribeRefusedDark: Story = { ...UnsubscribeRefused, ...DESKTOP_DARK };
export const UnsubscribeRefusedPhoneDark: Story = { ...UnsubscribeRefused, ...PHONE_DARK };
