import type { ValidEarlyAccess } from "../../domain/earlyAccess";

export type EarlyAccessRequest = ValidEarlyAccess;

export interface EarlyAccessReply {
  success: boolean;
  message: string;
}

/** POST /early-access. A 400 or a network failure throws RequestError. */
export abstract class EarlyAccessGateway {
  abstract submit(request: EarlyAccessRequest): Promise<EarlyAccessReply>;
}
