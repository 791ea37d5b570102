import { UUID_PATTERN } from "../application/ids";

/**
 * The options of the Ajv that checks requests (and, in tests, replies against their response schemas). No type
 * coercion: a number where a string belongs is a 400, not a quietly converted value.
 */
export const AJV_OPTIONS = { coerceTypes: false, removeAdditional: false, allErrors: false } as const;

/**
 * A uuid as PostgreSQL reads it. Not ajv's "uuid" format: that also admits "urn:uuid:...", which PostgreSQL refuses,
 * turning a bad id into a 500.
 */
export const uuidString = { type: "string", pattern: UUID_PATTERN } as const;
