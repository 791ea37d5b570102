export const SHOPPING_FREQUENCIES = ["daily", "weekly", "monthly", "occasionally"] as const;
export type ShoppingFrequency = (typeof SHOPPING_FREQUENCIES)[number];

export interface EarlyAccessRequest {
  name: string;
  email: string;
  shopping_frequency: ShoppingFrequency;
}

export interface EarlyAccessReply {
  success: boolean;
  message: string;
}

/** POST /early-access. A 400 or a network failure throws RequestError. */
export abstract class EarlyAccessGateway {
  abstract submit(request: EarlyAccessRequest): Promise<EarlyAccessReply>;
}
