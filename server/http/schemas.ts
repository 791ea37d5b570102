/**
 * The options of the Ajv that checks requests (and, in tests, replies against their response schemas). No type
 * coercion: a number where a string belongs is a 400, not a quietly converted value.
 */
export const AJV_OPTIONS = { coerceTypes: false, removeAdditional: false, allErrors: false } as const;

/**
 * A uuid as PostgreSQL reads it, in either case. Not ajv's "uuid" format: that also admits "urn:uuid:...", which
 * PostgreSQL refuses, turning a bad id into a 500.
 */
export const uuidString = { type: "string", pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$" } as const;

const UUID = new RegExp(uuidString.pattern);

/** For routes that tell a malformed id in their own words rather than a schema's. */
export const isUuid = (text: string): boolean => UUID.test(text);
