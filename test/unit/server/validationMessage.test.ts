import { describe, expect, it } from "vitest";
import { validationMessage, type SchemaFailure } from "../../../server/http/validationMessage";

const failure = (keyword: string, instancePath: string, params: Record<string, unknown> = {}): SchemaFailure => ({ keyword, instancePath, params });

describe("validationMessage", () => {
  it.each<[SchemaFailure | undefined, string, string]>([
    [failure("format", "/email", { format: "email" }), "body", "Please enter a valid email address."],
    [failure("required", "", { missingProperty: "name" }), "body", "Please fill in your name."],
    [failure("pattern", "/name", { pattern: "\\S" }), "body", "Please fill in your name."],
    [failure("maxLength", "/name", { limit: 200 }), "body", "Your name is too long: at most 200 characters."],
    [failure("required", "", { missingProperty: "tokens" }), "body", 'The request needs the field "tokens".'],
    [failure("additionalProperties", "", { additionalProperty: "junk" }), "querystring", 'The request has the query parameter "junk", which it does not take.'],
    [failure("minLength", "/labels/0", { limit: 1 }), "body", 'The field "labels.0" may not be empty.'],
    [failure("type", "", { type: "object" }), "body", "The request's body must be a JSON object."],
    [failure("type", "/page", { type: "integer" }), "querystring", 'The query parameter "page" must be a whole number.'],
    [failure("format", "/id", { format: "uuid" }), "params", `The path's "id" is not a valid uuid.`],
    [failure("maxItems", "/labels", { limit: 50 }), "body", 'The field "labels" must list at most 50 items.'],
    [failure("uniqueItems", "/labels", { i: 1, j: 0 }), "body", 'The field "labels" lists the same item twice.'],
    [failure("const", "/x", {}), "body", 'The field "x" is not valid.'],
    [undefined, "body", "The request is not valid. Please check it and try again."],
  ])("%j in the %s", (given, part, expected) => {
    expect(validationMessage(given, part)).toBe(expected);
  });
});
