import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import { CORRECTION_TEXTS, NOTHING_CORRECTED, draftOf, type DealCorrection } from "../../../domain/dealCorrection";
import { CORRECTION_COPY, DealCorrectionSection, type DealCorrectionPanel } from "./DealCorrection";

const mail = { code: "SAVE1O", endDate: "2026-12-01", category: "Shopping", brand: "Brindlemart Deals" } as const;
const asMailed: DealCorrection = { corrected: NOTHING_CORRECTED, mail };
const corrected: DealCorrection = { corrected: { ...NOTHING_CORRECTED, code: "SAVE10", category: "Home" }, mail };

type PanelArgs = DealCorrectionPanel;

/** The Details' correction part as it sits at the end of a deal's Details, with its form when open. */
function Panel(panel: PanelArgs) {
  return (
    <div style={{ maxWidth: "36rem", margin: "0 auto", padding: "1rem" }}>
      <DealCorrectionSection panel={panel} />
    </div>
  );
}

const meta = {
  title: "Pages/Dashboard/Correct a deal",
  component: Panel,
  args: {
    view: { kind: "ready", correction: asMailed, busy: false },
    open: fn(),
    edit: fn(),
    submit: fn(),
    notADeal: fn(),
    cancel: fn(),
    undo: fn(),
    retry: fn(),
  },
  parameters: { path: "/dashboard" },
} satisfies Meta<typeof Panel>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = { globals: { viewport: { value: "mobile1", isRotated: false } } };
const editing = (correction: DealCorrection, extra: { problem?: string; saving?: boolean } = {}): PanelArgs["view"] => ({
  kind: "editing",
  correction,
  draft: draftOf(correction),
  problem: extra.problem ?? null,
  saving: extra.saving ?? false,
});

/** Nothing corrected: an invitation and "Correct this deal", which opens the form; no Undo. */
export const CorrectionInvite: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(CORRECTION_COPY.invite)).toBeInTheDocument();
    await expect(canvas.queryByRole("button", { name: CORRECTION_COPY.undo })).toBeNull();
    await userEvent.click(canvas.getByRole("button", { name: CORRECTION_COPY.action }));
    await expect(args.open).toHaveBeenCalled();
  },
};

/** What the person corrected, said in words, with Undo back to what the email said. */
export const CorrectionSaved: Story = {
  args: { view: { kind: "ready", correction: corrected, busy: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("You corrected the code and the category.")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: CORRECTION_COPY.undo }));
    await expect(args.undo).toHaveBeenCalled();
  },
};

/** The form: every field labelled, starting at what the deal shows, the email's value under each; typing edits. */
export const CorrectionForm: Story = {
  args: { view: editing(corrected) },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const dialog = canvas.getByRole("dialog", { name: CORRECTION_COPY.action });
    const form = within(dialog);
    await expect(form.getByLabelText("Code")).toHaveValue("SAVE10");
    await expect(form.getByLabelText("End date")).toHaveValue("2026-12-01");
    await expect(form.getByLabelText("Category")).toHaveValue("Home");
    await expect(form.getByLabelText("Brand name")).toHaveValue("Brindlemart Deals");
    await expect(form.getByText("The email said: SAVE1O")).toBeInTheDocument();
    // The mail's day as the cards write it, not as it is stored.
    await expect(form.getByText("The email said: Tue 1 Dec")).toBeInTheDocument();
    await userEvent.type(form.getByLabelText("Code"), "X");
    await expect(args.edit).toHaveBeenLastCalledWith("code", "SAVE10X");
    await userEvent.selectOptions(form.getByLabelText("Category"), "Pets");
    await expect(args.edit).toHaveBeenLastCalledWith("category", "Pets");
    await userEvent.click(form.getByRole("button", { name: "Save" }));
    await expect(args.submit).toHaveBeenCalled();
    await userEvent.click(form.getByRole("button", { name: "This is not a deal" }));
    await expect(args.notADeal).toHaveBeenCalled();
    // Escape, as the browser tells a modal dialog: the machine closes the form.
    dialog.dispatchEvent(new Event("cancel", { cancelable: true }));
    await expect(args.cancel).toHaveBeenCalledTimes(1);
    await userEvent.click(form.getByRole("button", { name: "Cancel" }));
    await expect(args.cancel).toHaveBeenCalledTimes(2);
  },
};

/** A field's rule broken (or the server's refusal): said in an alert the fields point to. */
export const CorrectionProblem: Story = {
  args: { view: editing(asMailed, { problem: CORRECTION_TEXTS.code }) },
  play: async ({ canvasElement }) => {
    const form = within(within(canvasElement).getByRole("dialog"));
    const alert = form.getByRole("alert");
    await expect(alert).toHaveTextContent(CORRECTION_TEXTS.code);
    await expect(form.getByLabelText("Code").getAttribute("aria-describedby")).toContain(alert.id);
  },
};

/** Saving: the buttons wait. */
export const CorrectionSaving: Story = {
  args: { view: editing(asMailed, { saving: true }) },
  play: async ({ canvasElement }) => {
    const form = within(within(canvasElement).getByRole("dialog"));
    await expect(form.getByRole("button", { name: "Saving..." })).toBeDisabled();
    await expect(form.getByRole("button", { name: "This is not a deal" })).toBeDisabled();
  },
};

/** Not a deal: gone everywhere, with Undo. */
export const CorrectionNotADeal: Story = {
  args: { view: { kind: "removed", correction: { ...asMailed, corrected: { ...NOTHING_CORRECTED, notADeal: true } }, busy: false } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(CORRECTION_COPY.removed);
    await userEvent.click(canvas.getByRole("button", { name: CORRECTION_COPY.undoRemoved }));
    await expect(args.undo).toHaveBeenCalled();
  },
};

/** The corrections could not be loaded: said, with a retry. */
export const CorrectionLoadFailed: Story = {
  args: { view: { kind: "failed" } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("alert")).toHaveTextContent(CORRECTION_COPY.loadFailed);
    await userEvent.click(canvas.getByRole("button", { name: "Try again" }));
    await expect(args.retry).toHaveBeenCalled();
  },
};

/** The form on a phone (390 px): the fields and buttons one under another. */
export const CorrectionFormPhone: Story = { ...phone, args: { view: editing(corrected) } };
