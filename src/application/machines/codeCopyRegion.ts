import { fromPromise, type StateValue } from "xstate";
import type { ToastRequest } from "../ports/notifications";
import type { Clipboard } from "../ports/platform";

/** How long 'Copied!' stays on a card, and how long the dashboard marks the copied deal (docs/product.md, "Copying a code"). */
export const CARD_COPY_FEEDBACK_MS = 2_000;
export const DASHBOARD_COPY_FEEDBACK_MS = 1_500;

/**
 * Copying a promo code (docs/product.md, "Copying a code"), wherever a page offers one: the dashboard's cards and the brand page's
 * active deals. 'Copied!' only once the clipboard took the code, never after a failure, which says so beside a toast
 * that says how to copy by hand.
 *
 * A machine runs `codeCopyRegion` as the `copy` region of its (parallel) `ready` state, and declares what the region
 * names: `copied` in its context, COPY among its events, the `copyCode` actor (`copyCodeStub`, provided with
 * `copyCodeWith(clipboard)`), a `notify` action that takes a CodeCopyToast, and the actions that keep `copied`:
 * `rememberCode` (assigns its params as `copied`) and `forgetCode` (sets it to null). The machine's config does not
 * compile when one is missing.
 */

export interface CodeToCopy {
  dealId: string;
  code: string;
}

export type CopyCodeEvent = { type: "COPY"; dealId: string; code: string };

export interface CopyRegionContext {
  /** The code being copied, or copied or failed a moment ago, and its deal; forgotten when the feedback ends. */
  copied: CodeToCopy | null;
}

/** A toast with no button, which any page's `notify` action takes. */
export type CodeCopyToast = Omit<ToastRequest, "action">;

export const CODE_COPY_TOASTS = {
  copyFailed: (code: string): CodeCopyToast => ({
    title: "Copy failed",
    description: `Select the code ${code} and copy it by hand.`,
    variant: "destructive",
  }),
};

/** The actor stub a machine declares; the composition root provides it from the `Clipboard` port. */
export const copyCodeStub = fromPromise<void, string>(async () => {
  throw new Error("copyCode is provided at the composition root");
});

/** The copyCode actor, from the `Clipboard` port. */
export const copyCodeWith = (clipboard: Clipboard) => fromPromise<void, string>(({ input }) => clipboard.copy(input));

/** The code a press of Copy names, for the host's `rememberCode` action. */
const codeOfPress = ({ event }: { event: CopyCodeEvent }): CodeToCopy => ({ dealId: event.dealId, code: event.code });
const codeBeingCopied = ({ context }: { context: CopyRegionContext }): string => context.copied!.code;

/** The `copy` region (see above). A press starts over from whatever the last copy was showing. */
export const codeCopyRegion = {
  initial: "idle",
  on: {
    COPY: { target: ".copying", reenter: true, actions: { type: "rememberCode", params: codeOfPress } },
  },
  states: {
    idle: { entry: "forgetCode" },
    copying: {
      invoke: {
        id: "copyCode",
        src: "copyCode",
        input: codeBeingCopied,
        onDone: "copied",
        onError: {
          target: "failed",
          actions: { type: "notify", params: ({ context }: { context: CopyRegionContext }) => CODE_COPY_TOASTS.copyFailed(context.copied!.code) },
        },
      },
    },
    // 'Copied!' for 2 s, the deal marked for the first 1.5 s of them; then the region is idle again.
    copied: {
      initial: "highlighted",
      onDone: "idle",
      states: {
        highlighted: { after: { [DASHBOARD_COPY_FEEDBACK_MS]: "lingering" } },
        lingering: { after: { [CARD_COPY_FEEDBACK_MS - DASHBOARD_COPY_FEEDBACK_MS]: "over" } },
        // The 2 s are over: `copied` is done.
        over: { type: "final" },
      },
    },
    // The button says the copy failed, beside the toast that says how to copy by hand, for as long as 'Copied!'.
    failed: { after: { [CARD_COPY_FEEDBACK_MS]: "idle" } },
  },
} as const;

/** The feedback on a code being copied: which code, how it went, and whether its deal is still marked. */
export interface CopyFeedback {
  dealId: string;
  code: string;
  status: "copying" | "copied" | "failed";
  /** A code copied in the last 1.5 s: the dashboard marks its card. */
  highlighted: boolean;
}

/** The copy feedback of a machine that runs `codeCopyRegion` as its `ready` state's `copy` region. */
export function selectCopyFeedback(snapshot: { context: CopyRegionContext; value: StateValue }): CopyFeedback | null {
  const { copied } = snapshot.context;
  const { value } = snapshot;
  const ready = typeof value === "object" ? value["ready"] : undefined;
  const region = typeof ready === "object" ? ready["copy"] : undefined;
  if (!copied || region === undefined || region === "idle") return null;
  const copiedStep = typeof region === "object" ? region["copied"] : undefined;
  const status = copiedStep !== undefined ? "copied" : region === "failed" ? "failed" : "copying";
  return { ...copied, status, highlighted: copiedStep === "highlighted" };
}
