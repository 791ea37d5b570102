import * as t from "io-ts";
import { isLeft } from "fp-ts/lib/Either";
import { PathReporter } from "io-ts/lib/PathReporter";

/**
 * What keeps a value from being exactly a codec's shape: what io-ts refuses, and fields the shape does not have
 * (decoding lets those through, but a reply that carries them says more than the contract, e.g. a leaked column).
 * Empty when the value fits.
 */
export function contractProblems(codec: t.Mixed, value: unknown): string[] {
  const decoded = codec.decode(value);
  if (isLeft(decoded)) return PathReporter.report(decoded);
  const problems: string[] = [];
  extraFields(codec, value, codec.name, problems);
  return problems;
}

function extraFields(codec: t.Mixed, value: unknown, path: string, problems: string[]): void {
  const props = objectProps(codec);
  if (props) {
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      const field = props[key];
      if (field) extraFields(field, entry, `${path}.${key}`, problems);
      else problems.push(`${path}.${key} is not in the contract`);
    }
  } else if (codec instanceof t.UnionType) {
    // The value fits when one member takes it without extra fields; otherwise the first member that decodes it says why.
    let firstProblems: string[] | null = null;
    for (const member of (codec.types as t.Mixed[]).filter((candidate) => candidate.is(value))) {
      const found: string[] = [];
      extraFields(member, value, path, found);
      if (found.length === 0) return;
      firstProblems ??= found;
    }
    problems.push(...(firstProblems ?? []));
  } else if (codec instanceof t.ArrayType) {
    (value as unknown[]).forEach((item, index) => extraFields(codec.type as t.Mixed, item, `${path}[${index}]`, problems));
  } else if (codec instanceof t.DictionaryType) {
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) extraFields(codec.codomain as t.Mixed, entry, `${path}.${key}`, problems);
  }
}

/** The fields an object codec names (type, partial, exact, and an intersection of those), or null for any other codec. */
function objectProps(codec: t.Mixed): t.Props | null {
  if (codec instanceof t.InterfaceType || codec instanceof t.PartialType) return codec.props as t.Props;
  if (codec instanceof t.ExactType) return objectProps(codec.type as t.Mixed);
  if (codec instanceof t.IntersectionType) {
    const merged: t.Props = {};
    for (const member of codec.types as t.Mixed[]) {
      const props = objectProps(member);
      if (!props) return null;
      Object.assign(merged, props);
    }
    return merged;
  }
  return null;
}
