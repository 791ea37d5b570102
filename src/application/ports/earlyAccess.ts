import type { ValidEarlyAccess } from "../../domain/earlyAccess";

export type EarlyAccessRequest = ValidEarlyAccess;

export interface EarlyAccessReply {
  success: boolean;
  /** What the server said, if it said anything. */
  message?: string;
}

/** POST /early-access. A 400 or a network failure throws RequestError. */
export abstract class EarlyAccessGateway {
  abstract submit(request: EarlyAccessRequest): Promise<EarlyAccessReply>;
}
