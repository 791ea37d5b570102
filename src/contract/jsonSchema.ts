import type * as t from "io-ts";

/** A JSON Schema (draft 7, as Fastify's Ajv reads it), as plain data. */
export interface JsonSchema {
  readonly [keyword: string]: unknown;
}

/** A codec kind the converter cannot say in JSON Schema (a refinement's predicate, unknown, a function...). */
export class UnconvertibleCodecError extends Error {
  override readonly name = "UnconvertibleCodecError";
}

/** What io-ts codecs carry to tell their kind apart; every codec of the library has one. */
interface Tagged {
  readonly _tag?: string;
  readonly name: string;
}

/**
 * The JSON Schema of a codec of the wire contract, so that the contract stays the one definition of every answer
 * and a route's response schema is derived from it. It accepts exactly what `contractProblems` accepts: what the codec
 * decodes, without fields the codec does not name (an object's schema has `additionalProperties: false`).
 *
 * Knows the kinds the contract uses: type, partial, exact (t.strict is exact of type), intersections of those, string, number, boolean,
 * null, literal, keyof, union (so `nullable`), array, and record with string keys. Any other kind throws, so that a
 * codec the schema could not express fails the server's start rather than being documented wrongly.
 */
export function jsonSchemaOf(codec: t.Mixed): JsonSchema {
  return convert(codec, codec.name);
}

function convert(codec: t.Mixed, path: string): JsonSchema {
  const kind = (codec as Tagged)._tag;
  switch (kind) {
    case "StringType":
      return { type: "string" };
    case "NumberType":
      return { type: "number" };
    case "BooleanType":
      return { type: "boolean" };
    case "NullType":
      return { type: "null" };
    case "LiteralType": {
      const value = (codec as unknown as t.LiteralType<string | number | boolean>).value;
      return { type: typeof value, const: value };
    }
    case "KeyofType":
      return { type: "string", enum: Object.keys((codec as unknown as t.KeyofType<Record<string, unknown>>).keys) };
    case "UnionType":
      return { anyOf: (codec as unknown as t.UnionType<t.Mixed[]>).types.map((member, index) => convert(member, `${path}|${index}`)) };
    case "ArrayType":
      return { type: "array", items: convert((codec as unknown as t.ArrayType<t.Mixed>).type, `${path}[]`) };
    case "DictionaryType": {
      const record = codec as unknown as t.DictionaryType<t.Mixed, t.Mixed>;
      if ((record.domain as Tagged)._tag !== "StringType") {
        throw new UnconvertibleCodecError(`${path}: a record's keys must be t.string to be said in JSON Schema, not ${record.domain.name}.`);
      }
      return { type: "object", additionalProperties: convert(record.codomain, `${path}.*`) };
    }
    case "InterfaceType":
    case "PartialType":
    case "ExactType":
    case "IntersectionType": {
      const { properties, required } = objectShape(codec, path);
      return { type: "object", properties, required, additionalProperties: false };
    }
    default:
      throw new UnconvertibleCodecError(`${path}: the JSON Schema converter does not know the codec kind ${kind ?? "(untagged)"} (${codec.name}).`);
  }
}

interface ObjectShape {
  properties: Record<string, JsonSchema>;
  required: string[];
}

/**
 * The fields of an object codec, an intersection's merged into one object (an `allOf` of objects that each refuse
 * other fields could never be met).
 */
function objectShape(codec: t.Mixed, path: string): ObjectShape {
  const kind = (codec as Tagged)._tag;
  if (kind === "InterfaceType" || kind === "PartialType") {
    const props = (codec as unknown as t.InterfaceType<t.Props>).props;
    const properties = Object.fromEntries(Object.entries(props).map(([key, field]) => [key, convert(field, `${path}.${key}`)]));
    return { properties, required: kind === "InterfaceType" ? Object.keys(props) : [] };
  }
  if (kind === "ExactType") return objectShape((codec as unknown as t.ExactType<t.Mixed>).type, path);
  if (kind === "IntersectionType") {
    const merged: ObjectShape = { properties: {}, required: [] };
    for (const member of (codec as unknown as t.IntersectionType<t.Mixed[]>).types) {
      const shape = objectShape(member, path);
      for (const [key, schema] of Object.entries(shape.properties)) {
        if (key in merged.properties) throw new UnconvertibleCodecError(`${path}: the intersection names the field ${key} twice.`);
        merged.properties[key] = schema;
      }
      merged.required.push(...shape.required);
    }
    return merged;
  }
  throw new UnconvertibleCodecError(`${path}: an intersection may join only object codecs (type, partial, exact), not ${codec.name}.`);
}
