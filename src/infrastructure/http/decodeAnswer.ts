import * as t from "io-ts";

/**
 * Decodes an API answer with its wire codec, quickly when it fits. A codec that only checks (no transformation, no
 * stripping of fields) accepts a value exactly when its type guard `is` does, and then decodes it to that same
 * value; `is` does so without building io-ts's Either and context for every field, several times faster on the
 * dashboard's thousands of deals, which the browser decodes on its main thread. Any other codec, and any value that
 * does not fit, goes through `decode` as before, which also says what is wrong.
 */
export function decodeAnswer<A>(codec: t.Decoder<unknown, A>, value: unknown): t.Validation<A> {
  if (codec instanceof t.Type && onlyChecks(codec) && codec.is(value)) return t.success(value as A);
  return codec.decode(value);
}

const checksOnly = new WeakMap<t.Decoder<unknown, unknown>, boolean>();

/**
 * True when every part of the codec decodes a value that passes its `is` to that value itself: io-ts's primitives,
 * literals, keyofs, and objects (whole or partial), arrays, unions, intersections and refinements of those (an
 * intersection merges its parts' results, which are then all that same value). Exact types (which strip unknown
 * fields) and custom codecs (which may transform) are left to `decode`.
 */
export function onlyChecks(codec: t.Decoder<unknown, unknown>): boolean {
  let known = checksOnly.get(codec);
  if (known === undefined) {
    known = inspect(codec);
    checksOnly.set(codec, known);
  }
  return known;
}

function inspect(codec: t.Decoder<unknown, unknown>): boolean {
  if (
    codec instanceof t.StringType ||
    codec instanceof t.NumberType ||
    codec instanceof t.BooleanType ||
    codec instanceof t.NullType ||
    codec instanceof t.LiteralType ||
    codec instanceof t.KeyofType
  ) {
    return true;
  }
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return Object.values(codec.props as t.Props).every(onlyChecks);
  if (codec instanceof t.ArrayType || codec instanceof t.ReadonlyArrayType || codec instanceof t.ReadonlyType) {
    return onlyChecks(codec.type as t.Mixed);
  }
  if (codec instanceof t.UnionType || codec instanceof t.IntersectionType) return (codec.types as t.Mixed[]).every(onlyChecks);
  if (codec instanceof t.RefinementType) return onlyChecks(codec.type as t.Mixed);
  return false;
}
