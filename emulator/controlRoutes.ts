import { type FastifyInstance, type FastifyReply } from "fastify";
import { type FaultInjector, validateFaultSettings } from "./gmail/faults";
import { type Mailbox, MailboxError } from "./gmail/mailbox";
import { type UserQuota } from "./gmail/quota";

export const CONTROL_PREFIX = "/__emulator";

export interface ControlDependencies {
  /** Throws MailboxError(404) for an unknown account. */
  mailboxOf(email: string): Mailbox;
  faults: FaultInjector;
  quota: UserQuota;
  /** Ends every grant the account gave, as removing an app's access at myaccount.google.com does. */
  revokeAccountGrants(email: string): number;
}

const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === "string");

/** Runs a mailbox change, answering a missing account or message with its status instead of a crash. */
async function mailboxChange(reply: FastifyReply, change: () => unknown): Promise<unknown> {
  try {
    return await change();
  } catch (error) {
    if (error instanceof MailboxError) return reply.code(error.status).send({ error: error.message });
    throw error;
  }
}

/** Endpoints for tests to shape the world: new mail, label changes, lost history, failures, quota. Google has none. */
export function registerControlRoutes(app: FastifyInstance, deps: ControlDependencies): void {
  type MailboxParams = { email: string };
  type MessageParams = { email: string; id: string };

  app.post<{ Params: MailboxParams }>(`${CONTROL_PREFIX}/mailboxes/:email/messages`, async (request, reply) => {
    const body = request.body as { raw?: unknown; labelIds?: unknown } | undefined;
    if (!body || typeof body.raw !== "string" || body.raw === "") return reply.code(400).send({ error: "raw (base64) is required" });
    const labelIds = body.labelIds ?? ["INBOX", "UNREAD"];
    if (!isStrings(labelIds)) return reply.code(400).send({ error: "labelIds must be an array of strings" });
    const raw = Buffer.from(body.raw.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    return mailboxChange(reply, () => ({ id: deps.mailboxOf(request.params.email).add(raw, labelIds).id }));
  });

  app.post<{ Params: MessageParams }>(`${CONTROL_PREFIX}/mailboxes/:email/messages/:id/labels`, async (request, reply) => {
    const { add = [], remove = [] } = (request.body ?? {}) as { add?: unknown; remove?: unknown };
    if (!isStrings(add) || !isStrings(remove)) return reply.code(400).send({ error: "add and remove must be arrays of label ids" });
    return mailboxChange(reply, () => {
      const message = deps.mailboxOf(request.params.email).modifyLabels(request.params.id, add, remove);
      return { id: message.id, labelIds: message.labelIds, historyId: String(message.historyId) };
    });
  });

  app.delete<{ Params: MessageParams }>(`${CONTROL_PREFIX}/mailboxes/:email/messages/:id`, async (request, reply) =>
    mailboxChange(reply, () => {
      deps.mailboxOf(request.params.email).remove(request.params.id);
      return reply.code(204).send();
    }),
  );

  app.post<{ Params: MailboxParams }>(`${CONTROL_PREFIX}/mailboxes/:email/history/expire`, async (request, reply) =>
    mailboxChange(reply, () => {
      const mailbox = deps.mailboxOf(request.params.email);
      mailbox.expireHistory();
      return { historyId: String(mailbox.historyId) };
    }),
  );

  app.post<{ Params: MailboxParams }>(`${CONTROL_PREFIX}/accounts/:email/revoke`, async (request) => ({
    revokedGrants: deps.revokeAccountGrants(request.params.email),
  }));

  app.post(`${CONTROL_PREFIX}/faults`, async (request, reply) => {
    const settings = validateFaultSettings(request.body);
    if (typeof settings === "string") return reply.code(400).send({ error: settings });
    deps.faults.configure(settings);
    return settings;
  });

  app.post(`${CONTROL_PREFIX}/quota`, async (request, reply) => {
    const units = (request.body as { unitsPerMinute?: unknown } | undefined)?.unitsPerMinute;
    if (typeof units !== "number" || !Number.isFinite(units) || units < 0) return reply.code(400).send({ error: "unitsPerMinute must be a number >= 0" });
    deps.quota.setLimit(units);
    return { unitsPerMinute: units };
  });
}
