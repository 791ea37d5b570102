import type { FastifyRequest } from "fastify";
import { errorLogRecord } from "../application/errorLogRecord";

/** The frames of a stack say where it failed; its first line is the message, which is left out. */
function framesOf(error: unknown): string {
  if (!(error instanceof Error) || !error.stack) return "";
  return error.stack.split("\n").filter((line) => line.trimStart().startsWith("at ")).slice(0, 12).join("\n");
}

/**
 * What the server's log lines may say of a request and an error: never a query string (an OAuth code or state, a
 * search), a header, a body, nor an error's message or fields, which can quote mail or a failed statement's rows.
 */
export const logSerializers = {
  req: (request: FastifyRequest) => ({ id: request.id, method: request.method, path: request.url.split("?")[0] }),
  err: (error: unknown) => {
    const record = errorLogRecord(error);
    const codes = [record.code, record.status].filter((value) => value !== undefined).join(" ");
    return { ...record, type: record.error, message: codes || "(message withheld from logs)", stack: framesOf(error) };
  },
};
