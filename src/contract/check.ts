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
  if (codec instanceof t.InterfaceType) {
    const props = codec.props as t.Props;
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
      const field = props[key];
      if (field) extraFields(field, entry, `${path}.${key}`, problems);
      else problems.push(`${path}.${key} is not in the contract`);
    }
  } else if (codec instanceof t.UnionType) {
    const member = (codec.types as t.Mixed[]).find((candidate) => candidate.is(value));
    if (member) extraFields(member, value, path, problems);
  } else if (codec instanceof t.ArrayType) {
    (value as unknown[]).forEach((item, index) => extraFields(codec.type as t.Mixed, item, `${path}[${index}]`, problems));
  } else if (codec instanceof t.DictionaryType) {
    for (const [key, entry] of Object.entries(value as Record<string, unknown>)) extraFields(codec.codomain as t.Mixed, entry, `${path}.${key}`, problems);
  }
}
