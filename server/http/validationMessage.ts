import { countOf } from "../../src/domain/counting";

/** One failure the request's JSON schema found: what Fastify hands over from its validator (Ajv). */
export interface SchemaFailure {
  keyword: string;
  /** Where in the request part the failure is, e.g. "/labels/0"; empty for the part itself. */
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** The request part a failure is in, as Fastify names it. */
export type RequestPart = "body" | "querystring" | "params" | "headers" | string;

/** The fields a person fills in themselves (the early-access form), named as the form names them. */
const FORM_FIELDS: Readonly<Record<string, string>> = {
  name: "your name",
  email: "your email address",
  shopping_frequency: "how often you shop online",
};

const TYPE_NAMES: Readonly<Record<string, string>> = {
  string: "text",
  integer: "a whole number",
  number: "a number",
  boolean: "true or false",
  array: "a list",
  object: "a JSON object",
};

/**
 * The sentence a 400 says about a request its schema refused, written for the person who will read it in a toast
 * or a log: 'Please enter a valid email address.' rather than the validator's 'must match format "email"'. Every
 * sentence names the field (a form's field as the form calls it), so a developer still sees what to fix.
 */
export function validationMessage(failure: SchemaFailure | undefined, part: RequestPart): string {
  if (!failure) return "The request is not valid. Please check it and try again.";
  const path = failure.instancePath.slice(1).replace(/\//g, ".");
  const missing = typeof failure.params.missingProperty === "string" ? failure.params.missingProperty : null;
  const extra = typeof failure.params.additionalProperty === "string" ? failure.params.additionalProperty : null;
  const field = [path, missing ?? extra].filter(Boolean).join(".");
  const subject = subjectOf(field, part);
  const limit = failure.params.limit;
  switch (failure.keyword) {
    case "required":
      return field in FORM_FIELDS ? `Please fill in ${subject}.` : `The request needs ${subject}.`;
    case "additionalProperties":
      return `The request has ${subject}, which it does not take.`;
    case "format":
      return failure.params.format === "email" ? "Please enter a valid email address." : `${capitalised(subject)} is not a valid ${String(failure.params.format)}.`;
    case "minLength":
      if (limit !== 1) return `${capitalised(subject)} is too short: at least ${String(limit)} characters.`;
      return field in FORM_FIELDS ? `Please fill in ${subject}.` : `${capitalised(subject)} may not be empty.`;
    case "maxLength":
      return `${capitalised(subject)} is too long: at most ${String(limit)} characters.`;
    case "pattern":
      return field in FORM_FIELDS ? `Please fill in ${subject}.` : `${capitalised(subject)} is not in the form this request takes.`;
    case "enum":
      return `${capitalised(subject)} must be one of: ${(failure.params.allowedValues as unknown[]).map(String).join(", ")}.`;
    case "type":
      return field
        ? `${capitalised(subject)} must be ${TYPE_NAMES[String(failure.params.type)] ?? String(failure.params.type)}.`
        : `The request's ${partName(part)} must be ${TYPE_NAMES[String(failure.params.type)] ?? String(failure.params.type)}.`;
    case "minimum":
      return `${capitalised(subject)} must be at least ${String(limit)}.`;
    case "maximum":
      return `${capitalised(subject)} must be at most ${String(limit)}.`;
    case "multipleOf":
      return `${capitalised(subject)} must be a multiple of ${String(failure.params.multipleOf)}.`;
    case "minItems":
      return `${capitalised(subject)} must list at least ${countOf(Number(limit), "item")}.`;
    case "maxItems":
      return `${capitalised(subject)} must list at most ${countOf(Number(limit), "item")}.`;
    case "uniqueItems":
      return `${capitalised(subject)} lists the same item twice.`;
    default:
      return `${capitalised(subject)} is not valid${failure.message ? ` (it ${failure.message})` : ""}.`;
  }
}

function subjectOf(field: string, part: RequestPart): string {
  if (!field) return `the request's ${partName(part)}`;
  const named = FORM_FIELDS[field];
  if (named) return named;
  if (part === "querystring") return `the query parameter "${field}"`;
  if (part === "params") return `the path's "${field}"`;
  return `the field "${field}"`;
}

function partName(part: RequestPart): string {
  if (part === "querystring") return "query string";
  if (part === "params") return "path";
  return part;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
