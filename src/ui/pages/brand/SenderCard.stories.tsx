import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { SAMPLE_SENDERS } from "../settings/senderFixtures";
import { SenderCardView } from "./SenderCard";
import { atWidth, inDarkScheme } from "../../storybook/decorators";


const quillfern = SAMPLE_SENDERS[0]!;

const meta = {
  title: "Pages/Brand/Sender Card",
  component: SenderCardView,
  decorators: [atWidth(1280)],
  args: { view: { kind: "ready", senders: [quillfern], sort: "saved", confirming: null }, onRetry: fn(), onUnsubscribe: fn(), onCancel: fn(), onConfirm: fn() },
} satisfies Meta<typeof SenderCardView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OneClick: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { name: "Does this sender pay off?" })).toBeInTheDocument();
    await expect(canvas.getByText("Mails a week").nextElementSibling).toHaveTextContent("3");
    await expect(canvas.getByText("Money saved").nextElementSibling).toHaveTextContent("$42.50");
    await userEvent.click(canvas.getByRole("button", { name: "Unsubscribe from Quillfern Paper" }));
    await expect(args.onUnsubscribe).toHaveBeenCalledWith("s1");
  },
};

export const MailtoOnly: Story = {
  args: { view: { kind: "ready", senders: [SAMPLE_SENDERS[1]!], sort: "saved", confirming: null } },
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole("link", { name: /Unsubscribe by email from Harrowgate Outdoor/ });
    await expect(link).toHaveAttribute("href", "mailto:leave@harrowgate.example?subject=unsubscribe");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
  },
};

export const Confirming: Story = {
  args: { view: { kind: "ready", senders: [quillfern], sort: "saved", confirming: { sender: quillfern, unsubscribing: false, error: null } } },
  play: async ({ canvasElement, args }) => {
    const dialog = within(within(canvasElement).getByRole("dialog", { name: "Unsubscribe from Quillfern Paper?" }));
    await userEvent.click(dialog.getByRole("button", { name: "Unsubscribe" }));
    await expect(args.onConfirm).toHaveBeenCalled();
  },
};

export const Refused: Story = {
  args: {
    view: {
      kind: "ready",
      senders: [quillfern],
      sort: "saved",
      confirming: { sender: quillfern, unsubscribing: false, error: "We did not contact this sender: its unsubscribe address is not a public internet address." },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(within(canvasElement).getByRole("dialog")).getByRole("alert")).toHaveTextContent("We did not contact this sender");
  },
};

export const Done: Story = {
  args: { view: { kind: "ready", senders: [{ ...quillfern, unsubscribedAt: "2026-11-27T09:00:00.000Z" }], sort: "saved", confirming: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/^Unsubscribed /)).toBeInTheDocument();
  },
};

/**
 * A brand whose mail gave nothing it still counts (its only deal marked "This is not a deal"): 0 deals, and still a way
 * out of its list.
 */
export const NoDeals: Story = {
  args: {
    view: { kind: "ready", senders: [{ ...SAMPLE_SENDERS[3]!, dealsFound: 0, unsubscribedAt: null }], sort: "saved", confirming: null },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Mails a week").nextElementSibling).toHaveTextContent("4");
    await expect(canvas.getByText("Deals found").nextElementSibling).toHaveTextContent("0");
    await expect(canvas.getByText("Deals used").nextElementSibling).toHaveTextContent("0");
    await expect(canvas.getByText("Money saved").nextElementSibling).toHaveTextContent("—");
    await userEvent.click(canvas.getByRole("button", { name: "Unsubscribe from Cobblestone Coffee" }));
    await expect(args.onUnsubscribe).toHaveBeenCalledWith("s4");
  },
};

export const Loading: Story = {
  args: { view: { kind: "loading" } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toBeInTheDocument();
  },
};

export const OneClickPhone: Story = { ...OneClick, decorators: [atWidth(390)] };
export const OneClickDark: Story = { ...OneClick, decorators: [inDarkScheme] };
export const OneClickPhoneDark: Story = { ...OneClick, decorators: [atWidth(390), inDarkScheme] };
export const ConfirmingPhone: Story = { ...Confirming, decorators: [atWidth(390)] };
export const ConfirmingDark: Story = { ...Confirming, decorators: [inDarkScheme] };
export const ConfirmingPhoneDark: Story = { ...Confirming, decorators: [atWidth(390), inDarkScheme] };
export const NoDealsPhone: Story = { ...NoDeals, decorators: [atWidth(390)] };
export const NoDealsDark: Story = { ...NoDeals, decorators: [inDarkScheme] };
export const NoDealsPhoneDark: Story = { ...NoDeals, decorators: [atWidth(390), inDarkScheme] };
export const DonePhoneDark: Story = { ...Done, decorators: [atWidth(390), inDarkScheme] };
export const RefusedPhoneDark: Story = { ...Refused, decorators: [atWidth(390), inDarkScheme] };
