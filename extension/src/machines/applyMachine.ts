import { and, assign, fromCallback, fromPromise, or, setup, stateIn, type SnapshotFrom } from "xstate";
import { planRun, type CodeOffer, type CodeStanding } from "../domain/cartConditions";
import type { Amount } from "../../../src/domain/money";
import { better, judgeReaction, type ApplyOutcome, type PageReaction } from "../domain/outcome";

/** Whether the page shows a coupon field, hides it behind a "Have a promo code?" link, or has none. */
export type FieldPresence = "visible" | "collapsed" | "missing";

/** The checkout page, as the apply flow needs it; the DOM adapter (page/checkoutPage.ts) says how. */
export interface CheckoutPage {
  findField(): Promise<FieldPresence>;
  /** Opens the collapsed field; false when it did not appear. */
  revealField(): Promise<boolean>;
  /** Types the code into the field; answers the order total before it was applied (hundredths), if the page shows one. */
  fill(code: string): Promise<number | null>;
  /** Presses the site's own apply button (or Enter in the field). */
  submit(): Promise<void>;
  /** Watches the page until its total changes or an error appears near the field, or a few seconds pass. */
  readReaction(totalBefore: number | null): Promise<PageReaction>;
  /** The cart's total as the page shows it now (before shipping and codes), or null when it shows none. */
  readCart(): Promise<Amount | null>;
  /** Calls back with the cart's total now and whenever it changes; answers how to stop watching. */
  watchCart(onChange: (cart: Amount | null) => void): () => void;
}

interface ApplyContext {
  /** The cart's total as last read from the page: what the panel says each code needs. */
  cart: Amount | null;
  /** Trying all: every code with what it asks, before the cart is read and the run is planned. */
  offers: CodeOffer[];
  /** The codes of this run, in the order they are tried: for trying all, those that can apply, qualifying first. */
  codes: string[];
  /** Trying all: the codes this cart cannot take, not sent to the shop, with why. */
  skipped: CodeStanding[];
  next: number;
  /** After trying them all, the best one is applied once more so that it is the one the order keeps. */
  reapplying: boolean;
  /** The order's total before the run's first code, what every saving is measured from. */
  baseTotal: number | null;
  totalBefore: number | null;
  outcomes: ApplyOutcome[];
  best: ApplyOutcome | null;
}

type ApplyEvent = { type: "APPLY"; code: string } | { type: "TRY_ALL"; offers: CodeOffer[] } | { type: "CART_READ"; cart: Amount | null };

/** A person's own choice of code is tried whatever its conditions; trying all first reads the cart and plans. */
const startRun = (context: ApplyContext, event: ApplyEvent): ApplyContext => ({
  cart: context.cart,
  offers: event.type === "TRY_ALL" ? event.offers : [],
  codes: event.type === "APPLY" ? [event.code] : [],
  skipped: [],
  next: 0,
  reapplying: false,
  baseTotal: null,
  totalBefore: null,
  outcomes: [],
  best: null,
});

const judged = (context: ApplyContext, reaction: PageReaction) =>
  judgeReaction(
    codeInHand(context),
    {
      baseTotal: context.baseTotal,
      totalBefore: context.totalBefore,
      confirming: context.reapplying && context.best?.kind === "applied" ? context.best.totalAfter : null,
    },
    reaction,
  );

const codeInHand = (context: ApplyContext) => (context.reapplying ? context.best!.code : context.codes[context.next]!);

const RESTING = ["idle", "applied", "rejected", "unknown", "noField", "nothingToTry"] as const;

/**
 * One code, or every code in turn ("Try all codes"), applied at a checkout: find the coupon field, reveal it when
 * collapsed, type the code, press the site's apply button and read the outcome. Trying all first reads the cart's
 * total: codes it cannot take are skipped, qualifying codes go first and new-customers-only codes last. It keeps the
 * best: when the page does not end on the best code's total, the best is applied again, and what the page then shows
 * is the result. The cart is watched throughout, so the panel can say what each code needs.
 */
export const applyMachine = setup({
  types: { context: {} as ApplyContext, events: {} as ApplyEvent },
  actors: {
    findField: fromPromise<FieldPresence>(async () => {
      throw new Error("findField is provided by provideApplyMachine");
    }),
    revealField: fromPromise<boolean>(async () => {
      throw new Error("revealField is provided by provideApplyMachine");
    }),
    fill: fromPromise<number | null, { code: string }>(async () => {
      throw new Error("fill is provided by provideApplyMachine");
    }),
    submit: fromPromise<void>(async () => {
      throw new Error("submit is provided by provideApplyMachine");
    }),
    readReaction: fromPromise<PageReaction, { totalBefore: number | null }>(async () => {
      throw new Error("readReaction is provided by provideApplyMachine");
    }),
    readCart: fromPromise<Amount | null>(async () => {
      throw new Error("readCart is provided by provideApplyMachine");
    }),
    watchCart: fromCallback<ApplyEvent>(() => {
      throw new Error("watchCart is provided by provideApplyMachine");
    }),
  },
  actions: {
    start: assign(({ context, event }) => startRun(context, event)),
    plan: assign(({ context }, cart: Amount | null) => {
      const { tryOrder, skipped } = planRun(context.offers, cart);
      return { cart, codes: tryOrder, skipped };
    }),
  },
  guards: {
    isResting: or(RESTING.map((state) => stateIn(`#apply.${state}`))),
    hasCodes: ({ event }) => event.type !== "TRY_ALL" || event.offers.length > 0,
    nothingToTry: ({ context }) => context.codes.length === 0,
    isVisible: (_, presence: FieldPresence) => presence === "visible",
    isCollapsed: (_, presence: FieldPresence) => presence === "collapsed",
    wasRevealed: (_, revealed: boolean) => revealed,
    isReapplying: ({ context }) => context.reapplying,
    hasMoreCodes: ({ context }) => context.next + 1 < context.codes.length,
    bestIsNotInEffect: ({ context }) => {
      const last = context.outcomes.at(-1);
      return context.best?.kind === "applied" && (last?.kind !== "applied" || last.saving < context.best.saving);
    },
    bestApplied: ({ context }) => context.best?.kind === "applied",
    bestRejected: ({ context }) => context.best?.kind === "rejected",
  },
}).createMachine({
  id: "apply",
  context: { cart: null, offers: [], codes: [], skipped: [], next: 0, reapplying: false, baseTotal: null, totalBefore: null, outcomes: [], best: null },
  initial: "idle",
  invoke: { id: "watchCart", src: "watchCart" },
  // A new run starts only once the last one has finished.
  on: {
    APPLY: { guard: "isResting", target: ".findingField", actions: "start" },
    TRY_ALL: { guard: and(["isResting", "hasCodes"]), target: ".readingCart", actions: "start" },
    CART_READ: { actions: assign({ cart: ({ event }) => event.cart }) },
  },
  states: {
    idle: {},
    readingCart: {
      invoke: {
        id: "readCart",
        src: "readCart",
        onDone: { target: "planned", actions: { type: "plan", params: ({ event }) => event.output } },
        // A total that cannot be read is unknown: every code stays in the run.
        onError: { target: "planned", actions: { type: "plan", params: null } },
      },
    },
    planned: {
      always: [{ guard: "nothingToTry", target: "nothingToTry" }, { target: "findingField" }],
    },
    findingField: {
      invoke: {
        id: "findField",
        src: "findField",
        onDone: [
          { guard: { type: "isVisible", params: ({ event }) => event.output }, target: "filling" },
          { guard: { type: "isCollapsed", params: ({ event }) => event.output }, target: "revealing" },
          { target: "noField" },
        ],
        onError: { target: "noField" },
      },
    },
    revealing: {
      invoke: {
        id: "revealField",
        src: "revealField",
        onDone: [{ guard: { type: "wasRevealed", params: ({ event }) => event.output }, target: "filling" }, { target: "noField" }],
        onError: { target: "noField" },
      },
    },
    filling: {
      invoke: {
        id: "fill",
        src: "fill",
        input: ({ context }) => ({ code: codeInHand(context) }),
        onDone: {
          target: "submitting",
          actions: assign({
            totalBefore: ({ event }) => event.output,
            baseTotal: ({ context, event }) => (context.next === 0 && !context.reapplying ? event.output : context.baseTotal),
          }),
        },
        onError: { target: "noField" },
      },
    },
    submitting: {
      invoke: { id: "submit", src: "submit", onDone: { target: "readingOutcome" }, onError: { target: "noField" } },
    },
    readingOutcome: {
      invoke: {
        id: "readReaction",
        src: "readReaction",
        input: ({ context }) => ({ totalBefore: context.totalBefore }),
        onDone: [
          {
            guard: "isReapplying",
            target: "settled",
            actions: assign({ best: ({ context, event }) => judged(context, event.output) }),
          },
          {
            target: "recorded",
            actions: assign(({ context, event }) => {
              const outcome = judged(context, event.output);
              return { outcomes: [...context.outcomes, outcome], best: better(context.best, outcome) };
            }),
          },
        ],
        onError: { target: "noField" },
      },
    },
    recorded: {
      always: [
        { guard: "hasMoreCodes", target: "findingField", actions: assign({ next: ({ context }) => context.next + 1 }) },
        { guard: "bestIsNotInEffect", target: "findingField", actions: assign({ reapplying: true }) },
        { target: "settled" },
      ],
    },
    settled: {
      always: [{ guard: "bestApplied", target: "applied" }, { guard: "bestRejected", target: "rejected" }, { target: "unknown" }],
    },
    applied: {},
    rejected: {},
    unknown: {},
    /** The page offered no coupon field we could use, or it went away while we worked. */
    noField: {},
    /** Trying all: no code can apply to this cart, so none was sent to the shop. */
    nothingToTry: {},
  },
});

export type ApplySnapshot = SnapshotFrom<typeof applyMachine>;

export function provideApplyMachine(page: CheckoutPage) {
  return applyMachine.provide({
    actors: {
      findField: fromPromise(() => page.findField()),
      revealField: fromPromise(() => page.revealField()),
      fill: fromPromise(({ input }) => page.fill(input.code)),
      submit: fromPromise(() => page.submit()),
      readReaction: fromPromise(({ input }) => page.readReaction(input.totalBefore)),
      readCart: fromPromise(() => page.readCart()),
      watchCart: fromCallback<ApplyEvent>(({ sendBack }) => page.watchCart((cart) => sendBack({ type: "CART_READ", cart }))),
    },
  });
}

/** The code being applied now, or null when the flow rests. */
export function codeInProgress(snapshot: ApplySnapshot): string | null {
  if (RESTING.some((state) => snapshot.matches(state as never))) return null;
  return snapshot.context.codes.length > 0 ? codeInHand(snapshot.context) : null;
}

/** What each code tried in this run did; the best one as the page confirmed it last. */
export function outcomesByCode(snapshot: ApplySnapshot): Record<string, ApplyOutcome> {
  const outcomes: Record<string, ApplyOutcome> = Object.fromEntries(snapshot.context.outcomes.map((outcome) => [outcome.code, outcome]));
  const best = snapshot.context.best;
  if (best && snapshot.context.reapplying && snapshot.matches("applied" as never)) outcomes[best.code] = best;
  return outcomes;
}

/** The run's result once it has finished: the best outcome, whether the page had no usable field, the codes skipped. */
export function runResult(snapshot: ApplySnapshot): { best: ApplyOutcome | null; noField: boolean; skipped: CodeStanding[] } | null {
  if (snapshot.matches("idle" as never) || !RESTING.some((state) => snapshot.matches(state as never))) return null;
  return { best: snapshot.context.best, noField: snapshot.matches("noField" as never), skipped: snapshot.context.skipped };
}

/** The cart's total as last read from the page. */
export const cartOf = (snapshot: ApplySnapshot): Amount | null => snapshot.context.cart;
