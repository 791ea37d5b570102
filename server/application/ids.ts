/**
 * A uuid as PostgreSQL reads it, in either case. An id from outside is checked against it before it reaches SQL, where
 * a malformed one would be an error rather than "no such row".
 */
export const UUID_PATTERN = "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";

const UUID = new RegExp(UUID_PATTERN);

export const isUuid = (text: string): boolean => UUID.test(text);
