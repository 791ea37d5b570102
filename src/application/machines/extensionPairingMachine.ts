import { assign, fromPromise, setup, type DoneActorEvent, type SnapshotFrom } from "xstate";
import { serverMessageOr } from "../errors";
import { ExtensionPairingError, type ExtensionBridge, type ExtensionGateway, type InstalledExtension } from "../ports/extension";

export const EXTENSION_PAIRING_MESSAGES = {
  codeFailed: "Deal Finder could not start the pairing. Please try again.",
  pairingFailed: "The extension could not be connected. Please try again.",
} as const;

/**
 * The /extension page: is the extension installed here (and already connected)? Then "Connect the extension" asks
 * the server for a one-time pairing code and hands it to the extension on this page, which starts a session of its
 * own with it. The code passes from one step to the next and is never kept.
 */
export const extensionPairingMachine = setup({
  types: {
    context: {} as { installed: InstalledExtension | null; error: string | null },
    events: {} as { type: "CONNECT" } | { type: "DETECT" },
  },
  actors: {
    detect: fromPromise<InstalledExtension | null>(async () => {
      throw new Error("detect is provided at the composition root");
    }),
    requestCode: fromPromise<string>(async () => {
      throw new Error("requestCode is provided at the composition root");
    }),
    pair: fromPromise<void, { code: string }>(async () => {
      throw new Error("pair is provided at the composition root");
    }),
  },
  guards: {
    isPaired: (_, installed: InstalledExtension | null) => installed?.paired === true,
    isInstalled: (_, installed: InstalledExtension | null) => installed !== null,
  },
}).createMachine({
  id: "extensionPairing",
  context: { installed: null, error: null },
  initial: "detecting",
  states: {
    detecting: {
      invoke: {
        id: "detect",
        src: "detect",
        onDone: [
          { guard: { type: "isPaired", params: ({ event }) => event.output }, target: "connected", actions: assign({ installed: ({ event }) => event.output }) },
          { guard: { type: "isInstalled", params: ({ event }) => event.output }, target: "ready", actions: assign({ installed: ({ event }) => event.output }) },
          { target: "notInstalled" },
        ],
      },
    },
    notInstalled: { on: { DETECT: "detecting" } },
    ready: { on: { CONNECT: "requestingCode" } },
    requestingCode: {
      entry: assign({ error: null }),
      invoke: {
        id: "requestCode",
        src: "requestCode",
        onDone: "pairing",
        onError: { target: "failed", actions: assign({ error: ({ event }) => serverMessageOr(event.error, EXTENSION_PAIRING_MESSAGES.codeFailed) }) },
      },
    },
    pairing: {
      invoke: {
        id: "pair",
        src: "pair",
        // Entered only when requestCode is done: its event carries the code.
        input: ({ event }) => ({ code: (event as unknown as DoneActorEvent<string>).output }),
        onDone: "connected",
        onError: {
          target: "failed",
          actions: assign({
            error: ({ event }) => (event.error instanceof ExtensionPairingError ? event.error.message : EXTENSION_PAIRING_MESSAGES.pairingFailed),
          }),
        },
      },
    },
    // Connecting again replaces the extension's session, e.g. after it was disconnected in Settings.
    connected: { on: { CONNECT: "requestingCode" } },
    failed: { on: { CONNECT: "requestingCode" } },
  },
});

export function provideExtensionPairingMachine(ports: { gateway: ExtensionGateway; bridge: ExtensionBridge }) {
  return extensionPairingMachine.provide({
    actors: {
      detect: fromPromise(() => ports.bridge.detect()),
      requestCode: fromPromise(() => ports.gateway.createPairingCode()),
      pair: fromPromise(({ input }) => ports.bridge.pair(input.code)),
    },
  });
}

/** What the page shows, from the machine's state. */
export type ExtensionPairingView =
  | { kind: "detecting" }
  | { kind: "notInstalled" }
  | { kind: "ready" }
  | { kind: "connecting" }
  | { kind: "connected" }
  | { kind: "failed"; error: string };

export function extensionPairingViewOf(snapshot: SnapshotFrom<typeof extensionPairingMachine>): ExtensionPairingView {
  if (snapshot.matches("requestingCode") || snapshot.matches("pairing")) return { kind: "connecting" };
  if (snapshot.matches("failed")) return { kind: "failed", error: snapshot.context.error ?? EXTENSION_PAIRING_MESSAGES.pairingFailed };
  if (snapshot.matches("notInstalled")) return { kind: "notInstalled" };
  if (snapshot.matches("ready")) return { kind: "ready" };
  if (snapshot.matches("connected")) return { kind: "connected" };
  return { kind: "detecting" };
}
