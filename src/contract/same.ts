/** `true` only when A and B are the same type: the contract's proofs that wire shapes are the domain's shapes. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
