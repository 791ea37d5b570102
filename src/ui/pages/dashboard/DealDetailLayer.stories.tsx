import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import type { Deal } from "../../../domain/deal";
import type { DealShowFilter } from "../../../domain/dealDetail";
import { CodeCopyContext } from "./codeCopy";
import { DealCard } from "./DealCard";
import { DealDetailLayer, type DealDetailTools } from "./DealDetailLayer";
import { DealDetailStatusFilter } from "./DealDetailStatusFilter";
import { SAMPLE_DEALS, SAMPLE_TODAY, sampleDeal } from "./fixtures";
import { openCardMenu } from "./cardMenuInStories";
import { inDarkScheme } from "../../storybook/decorators";

const usedDeals = SAMPLE_DEALS.slice(0, 2).map((deal) => ({ ...deal, status: "used" as const }));

const detailDeal = sampleDeal({
  id: "d9",
  title: "$10 off $50, $25 off $100",
  brand: "Brindlemart",
  promoCode: "SAVE10,SAVE25",
  source: "markup",
  description: "Our autumn event: the more you spend, the more you save.",
  codeConditions: [
    { code: "SAVE10", condition: "$10 off $50" },
    { code: "SAVE25", condition: "$25 off $100" },
  ],
  terms: ["Excludes gift cards.", "New customers only."],
  dealUrl: "https://www.brindlemart.example/autumn",
});

const shownDetail: DealDetailTools["detail"] = {
  kind: "shown",
  dealId: "d9",
  detail: {
    deal: detailDeal,
    email: {
      sender: "Brindlemart <news@brindlemart.com>",
      subject: "Spend more, save more: our autumn event",
      sentAt: "2025-10-08T09:30:00.000Z",
      url: "https://mail.google.com/mail/u/0/#all/18c2f0a",
    },
  },
};

interface LayerStoryArgs extends DealDetailTools {
  show: DealShowFilter;
  /** The active list's cards; the first two samples unless a story says otherwise. */
  deals?: Deal[];
  onShow: (show: DealShowFilter) => void;
  sheet: boolean;
}

/** Deal cards with their Details and status buttons, the Show filter, the detail dialog and the undo bar. */
function Layer({ show, onShow, sheet, deals = SAMPLE_DEALS.slice(0, 2), ...tools }: LayerStoryArgs) {
  return (
    <div style={{ maxWidth: "40rem", margin: "0 auto", padding: "1rem" }}>
      <DealDetailStatusFilter show={show} onShow={onShow} />
      {/* As on the dashboard: the cards and the dialog both offer Copy. */}
      <CodeCopyContext value={{ feedback: null, copy: fn() }}>
        <DealDetailLayer tools={tools} sheet={sheet}>
          <ul style={{ listStyle: "none", padding: 0, display: "grid", gap: "1rem" }}>
            {(show === "used" ? usedDeals : deals).map((deal) => (
              <li key={deal.id}>
                <DealCard deal={deal} today={SAMPLE_TODAY} imageWidth={300} hidden={false} onHideBrand={fn()} />
              </li>
            ))}
          </ul>
        </DealDetailLayer>
      </CodeCopyContext>
    </div>
  );
}

const meta = {
  title: "Pages/Dashboard/Deal detail and status",
  component: Layer,
  args: {
    show: "current",
    onShow: fn(),
    sheet: false,
    actions: { openDetail: fn(), setStatus: fn(), statusOf: (deal) => deal.status, reminderOf: (deal) => deal.remind, setReminder: fn() },
    detail: { kind: "closed" },
    undoableChange: null,
    onCloseDetail: fn(),
    onRetryDetail: fn(),
    onUndo: fn(),
    onDismissUndo: fn(),
  },
  parameters: { path: "/dashboard" },
} satisfies Meta<typeof Layer>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = { globals: { viewport: { value: "mobile1", isRotated: false } } };

/** The card's buttons ask to open the detail and to mark the deal; the Show filter switches lists. */
export const ActiveList: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const title = "25% off home essentials";
    await userEvent.click((await openCardMenu(canvasElement, title)).getByRole("menuitem", { name: "Details" }));
    await expect(args.actions.openDetail).toHaveBeenCalledWith("d1");
    await userEvent.click((await openCardMenu(canvasElement, title)).getByRole("menuitemcheckbox", { name: "Used it" }));
    await expect(args.actions.setStatus).toHaveBeenCalledWith(expect.objectContaining({ id: "d1" }), "used");
    await userEvent.click((await openCardMenu(canvasElement, title)).getByRole("menuitemcheckbox", { name: "Didn't work" }));
    await expect(args.actions.setStatus).toHaveBeenCalledWith(expect.objectContaining({ id: "d1" }), "not_working");
    await userEvent.click(canvas.getByRole("radio", { name: "Used" }));
    await expect(args.onShow).toHaveBeenCalledWith("used");
    await expect(canvas.getByRole("link", { name: "Brindlemart" })).toHaveAttribute("href", "/brands/brand-d1");
  },
};

/** "Remind me" on a deal that ends: a star that asks for an email before it ends. */
export const RemindMe: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const star = (await openCardMenu(canvasElement, "25% off home essentials")).getByRole("menuitemcheckbox", { name: "Remind me" });
    await expect(star).toHaveAttribute("aria-checked", "false");
    await userEvent.click(star);
    await expect(canvas.queryByRole("menu")).toBeNull();
    await expect(args.actions.setReminder).toHaveBeenCalledWith(expect.objectContaining({ id: "d1" }), true);
  },
};

/** A star that is on says so, and pressed again asks for no reminder. */
export const ReminderSet: Story = {
  args: { deals: [{ ...SAMPLE_DEALS[0]!, remind: true }, SAMPLE_DEALS[1]!] },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const other = (await openCardMenu(canvasElement, "$30 off brake service")).getByRole("menuitemcheckbox", { name: "Remind me" });
    await expect(other).toHaveAttribute("aria-checked", "false");
    await userEvent.keyboard("{Escape}");
    await expect(canvas.getByRole("button", { name: "More actions: $30 off brake service" })).toHaveFocus();
    const star = (await openCardMenu(canvasElement, "25% off home essentials")).getByRole("menuitemcheckbox", { name: "Remind me" });
    await expect(star).toHaveAttribute("aria-checked", "true");
    await userEvent.click(star);
    await expect(args.actions.setReminder).toHaveBeenCalledWith(expect.objectContaining({ id: "d1" }), false);
  },
};

/** A deal with no end date has nothing to be reminded of: no star. */
export const NoEndDateNoStar: Story = {
  args: { deals: [SAMPLE_DEALS[3]!] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const menu = await openCardMenu(canvasElement, "20% off + free engraving");
    await expect(menu.getByRole("menuitemcheckbox", { name: "Used it" })).toBeInTheDocument();
    await expect(menu.queryByRole("menuitemcheckbox", { name: "Remind me" })).toBeNull();
    await expect(canvas.queryByRole("button", { name: /Remind me|Reminder set/ })).toBeNull();
  },
};

/** The Used list: its cards' "Used it" is pressed, and pressing it again puts the deal back among the active ones. */
export const UsedList: Story = {
  args: { show: "used" },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("radio", { name: "Used" })).toBeChecked();
    const used = (await openCardMenu(canvasElement, "25% off home essentials")).getByRole("menuitemcheckbox", { name: "Used it" });
    await expect(used).toHaveAttribute("aria-checked", "true");
    await userEvent.click(used);
    await expect(args.actions.setStatus).toHaveBeenCalledWith(expect.objectContaining({ id: "d1", status: "used" }), null);
  },
};

export const UsedListOnPhone: Story = { ...phone, args: { show: "used", sheet: true } };

/** The last change, reported with its Undo. */
export const UndoBar: Story = {
  args: { undoableChange: { dealId: "d1", title: "25% off home essentials", from: null, to: "used" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Moved "25% off home essentials" to Used.')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Undo" }));
    await expect(args.onUndo).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole("button", { name: "Dismiss" }));
    await expect(args.onDismissUndo).toHaveBeenCalled();
  },
};

/** The Details of a deal with codes: the codes and Shop first; on a phone, where it came from is folded until opened. */
const dialogChecks = (folded: boolean): Story["play"] => async ({ canvasElement, args }) => {
  const body = within(canvasElement.ownerDocument.body);
  const dialog = await body.findByRole("dialog", { name: "$10 off $50, $25 off $100" });
  const inDialog = within(dialog);
  const offer = inDialog.getByRole("region", { name: "Use this deal" });
  await expect(within(offer).getByRole("button", { name: "Copy code SAVE10" })).toBeInTheDocument();
  await expect(within(offer).getByRole("link", { name: "Shop at Brindlemart" })).toHaveAttribute("href", "https://www.brindlemart.example/autumn");
  await expect(within(offer).getByText("brindlemart.example")).toBeInTheDocument();
  await expect(inDialog.getByText("No end date given")).toBeInTheDocument();
  await expect(inDialog.getByRole("button", { name: "Used it" })).toHaveAttribute("aria-pressed", "false");
  await userEvent.click(inDialog.getByRole("button", { name: "Used it" }));
  await expect(args.actions.setStatus).toHaveBeenCalledWith(expect.objectContaining({ id: "d9" }), "used");
  const origin = dialog.querySelector("details");
  await expect(origin !== null).toBe(folded);
  if (origin) {
    await expect(origin.open).toBe(false);
    await userEvent.click(inDialog.getByText("Where it came from"));
    await expect(origin.open).toBe(true);
  }
  await expect(inDialog.getByText("Brindlemart <news@brindlemart.com>")).toBeInTheDocument();
  await expect(inDialog.getByText("Spend more, save more: our autumn event")).toBeInTheDocument();
  await expect(inDialog.getByText("From the email's structured data")).toBeInTheDocument();
  await expect(inDialog.getByText("· $25 off $100", { exact: false })).toBeInTheDocument();
  await expect(inDialog.getByRole("button", { name: "Copy code SAVE25" })).toBeInTheDocument();
  await expect(inDialog.getByText("New customers only.")).toBeInTheDocument();
  await expect(inDialog.getByRole("link", { name: "Open in Gmail" })).toHaveAttribute("href", "https://mail.google.com/mail/u/0/#all/18c2f0a");
  await userEvent.click(inDialog.getByRole("button", { name: "Close" }));
  await expect(args.onCloseDetail).toHaveBeenCalled();
};

/** Where the deal came from, as a dialog on a desktop; this deal has no end date, so no star. */
export const DetailDialog: Story = {
  args: { detail: shownDetail },
  play: async (context) => {
    const dialog = await within(context.canvasElement.ownerDocument.body).findByRole("dialog");
    await expect(within(dialog).queryByRole("button", { name: /Remind me|Reminder set/ })).toBeNull();
    await dialogChecks(false)!(context);
  },
};

/** A deal that ends: the dialog has the star too, with what it does in plain words. */
export const DetailDialogWithReminder: Story = {
  args: {
    detail: { ...shownDetail, detail: { ...shownDetail.detail, deal: { ...detailDeal, expirationDate: "2025-10-20", remind: true } } },
  },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole("dialog"));
    const star = dialog.getByRole("button", { name: "Reminder set" });
    await expect(star).toHaveAttribute("aria-pressed", "true");
    await expect(dialog.getByText("We'll email you before it ends, as early as you choose in Settings.")).toBeInTheDocument();
    await userEvent.click(star);
    await expect(args.actions.setReminder).toHaveBeenCalledWith(expect.objectContaining({ id: "d9" }), false);
  },
};

/** The same as a sheet from the bottom on a phone. */
export const DetailSheetOnPhone: Story = { ...phone, args: { detail: shownDetail, sheet: true }, play: dialogChecks(true) };


export const DetailDialogDark: Story = { decorators: [inDarkScheme], args: { detail: shownDetail }, play: dialogChecks(false) };
export const DetailSheetOnPhoneDark: Story = { ...phone, decorators: [inDarkScheme], args: { detail: shownDetail, sheet: true }, play: dialogChecks(true) };

export const DetailLoading: Story = {
  args: { detail: { kind: "loading", dealId: "d9" } },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: "Deal details" });
    await expect(within(dialog).getByRole("status")).toHaveTextContent("Loading where this deal came from...");
  },
};

export const DetailFailed: Story = {
  args: { detail: { kind: "failed", dealId: "d9" } },
  play: async ({ canvasElement, args }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: "Deal details" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Try again" }));
    await expect(args.onRetryDetail).toHaveBeenCalled();
  },
};

/** A link to a deal this person does not have (deleted since, or another account's): said plainly, with no retry. */
export const DetailUnavailable: Story = {
  args: { detail: { kind: "unavailable", dealId: "d9" } },
  play: async ({ canvasElement, args }) => {
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole("dialog", { name: "Deal details" }));
    await expect(dialog.getByRole("alert")).toHaveTextContent("This deal is not available.");
    await expect(dialog.queryByRole("button", { name: "Try again" })).toBeNull();
    await userEvent.click(dialog.getByRole("button", { name: "Close" }));
    await expect(args.onCloseDetail).toHaveBeenCalled();
  },
};
