import type { SuccessBody } from "../../src/contract";
import type { ServerConfig } from "../config";

/** What anyone may know of this server's configuration: served at /api/app-config and written into every page. */
export function publicConfigOf(config: ServerConfig): SuccessBody<"GET /app-config"> {
  return { demoMode: config.demoMode, feedbackFormUrl: config.feedbackFormUrl, outboxUrl: config.mail.outboxUrl };
}
