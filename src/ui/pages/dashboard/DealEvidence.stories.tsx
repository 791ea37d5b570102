import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import type { Deal } from "../../../domain/deal";
import { UNKNOWN_EVIDENCE, type DealEvidence } from "../../../domain/evidence";
import { CodeCopyContext } from "./codeCopy";
import { DealCard } from "./DealCard";
import { DealDetailLayer, type DealDetailTools } from "./DealDetailLayer";
import { SAMPLE_TODAY, sampleDeal } from "./fixtures";

/**
 * What a card and its Details say of where the deal's end and category came from (docs/product.md, "Evidence"):
 * a stated end, an end only implied, and a guessed category and an inferred end.
 */

const stated: DealEvidence = {
  codes: [{ code: "FERN25", kind: "label", confidence: "stated" }],
  endDate: { kind: "label", confidence: "stated" },
  brand: { kind: "sender", confidence: "stated" },
  category: { kind: "sender", confidence: "inferred" },
};

const dealWith = (evidence: DealEvidence, overrides: Partial<Deal> = {}): Deal =>
  sampleDeal({
    id: "ev1",
    title: "25% off hiking boots",
    brand: "Fernhollow",
    category: "Fashion",
    promoCode: "FERN25",
    expirationDate: "2026-11-29",
    evidence,
    ...overrides,
  });

interface EvidenceStoryArgs {
  deal: Deal;
  /** Open its Details too. */
  details: boolean;
}

function EvidenceStory({ deal, details }: EvidenceStoryArgs) {
  const tools: DealDetailTools = {
    actions: { openDetail: fn(), setStatus: fn(), statusOf: (shown) => shown.status, reminderOf: (shown) => shown.remind, setReminder: fn() },
    detail: details
      ? {
          kind: "shown",
          dealId: deal.id,
          detail: {
            deal,
            email: { sender: "Fernhollow <news@fernhollow.test>", subject: deal.title, sentAt: "2026-11-20T09:30:00.000Z", url: "https://mail.google.com/mail/u/0/#all/1" },
          },
        }
      : { kind: "closed" },
    undoableChange: null,
    onCloseDetail: fn(),
    onRetryDetail: fn(),
    onUndo: fn(),
    onDismissUndo: fn(),
  };
  return (
    <div style={{ maxWidth: "24rem", margin: "0 auto", padding: "1rem" }}>
      <CodeCopyContext value={{ feedback: null, copy: fn() }}>
        <DealDetailLayer tools={tools} sheet={false}>
          <DealCard deal={deal} today={SAMPLE_TODAY} imageWidth={300} hidden={false} onHideBrand={fn()} />
        </DealDetailLayer>
      </CodeCopyContext>
    </div>
  );
}

const meta = {
  title: "Pages/Dashboard/Deal evidence",
  component: EvidenceStory,
  args: { deal: dealWith(stated), details: false },
  parameters: { path: "/dashboard" },
} satisfies Meta<typeof EvidenceStory>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The email states the day: the card prints it, and no guess is marked. */
export const CardStated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Ends Sun 29 Nov")).toBeInTheDocument();
    await expect(canvas.queryByText(/probably/)).toBeNull();
  },
};

/** "Last chance" with no day: the card says the deal ends soon and that no date was given, never a made-up day. */
export const CardImplied: Story = {
  args: { deal: dealWith({ ...stated, endDate: { kind: "implied", confidence: "guessed" } }, { expirationDate: null }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Ends soon (no date given)")).toBeInTheDocument();
    await expect(canvas.queryByText(/^Ends \w{3} \d/)).toBeNull();
  },
};

/** A guessed category and an end read from a weak cue are shown as such. */
export const CardLowConfidence: Story = {
  args: {
    deal: dealWith({ ...stated, endDate: { kind: "label", confidence: "inferred" }, category: { kind: "words", confidence: "guessed" } }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Probably ends Sun 29 Nov")).toBeInTheDocument();
    await expect(canvas.getByText("category: probably Fashion")).toBeInTheDocument();
  },
};

/** The Details say what each field rests on. */
export const DetailsStated: Story = {
  args: { details: true },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await expect(dialog.getByRole("heading", { name: "What the email says" })).toBeInTheDocument();
    await expect(dialog.getByText("Ends Sun 29 Nov")).toBeInTheDocument();
    await expect(dialog.getByText("End date: read from the email's text")).toBeInTheDocument();
    await expect(dialog.getByText("Code: read from the email's text")).toBeInTheDocument();
    await expect(dialog.queryByLabelText("This is a guess")).toBeNull();
  },
};

export const DetailsImplied: Story = {
  args: { details: true, deal: dealWith({ ...stated, endDate: { kind: "implied", confidence: "guessed" } }, { expirationDate: null }) },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await expect(dialog.getByText("Ends soon (no date given)")).toBeInTheDocument();
    await expect(dialog.getByText(/^End date: implied by the email, which gives no date/)).toBeInTheDocument();
  },
};

/** A guessed category reads "probably Fashion" and carries a "guessed" mark with an accessible label. */
export const DetailsLowConfidence: Story = {
  args: { details: true, deal: dealWith({ ...stated, category: { kind: "words", confidence: "guessed" } }) },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await expect(dialog.getByText("probably Fashion")).toBeInTheDocument();
    await expect(dialog.getByLabelText("This is a guess")).toBeInTheDocument();
  },
};

/** A deal found before evidence was kept shows its day as before, and says why nothing more is known. */
export const DetailsUnknown: Story = {
  args: { details: true, deal: dealWith(UNKNOWN_EVIDENCE, { evidence: undefined }) },
  play: async ({ canvasElement }) => {
    const dialog = within(within(canvasElement.ownerDocument.body).getByRole("dialog"));
    await expect(dialog.getByText("Ends Sun 29 Nov")).toBeInTheDocument();
    await expect(dialog.getByText(/found before we kept where each detail came from/)).toBeInTheDocument();
  },
};
