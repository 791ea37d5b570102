import { describe, expect, it } from "vitest";
import { etagMatches } from "../../../server/http/etag";

describe("If-None-Match against an ETag (RFC 9110, weak comparison)", () => {
  it.each([
    ['"abc"', '"abc"', true],
    ['W/"abc"', '"abc"', true],
    ['"abc"', 'W/"abc"', true],
    ['"old", "abc"', '"abc"', true],
    ["*", '"abc"', true],
    ['"abd"', '"abc"', false],
    ['"abc', '"abc"', false],
    [undefined, '"abc"', false],
  ] as const)("%s for %s: %s", (ifNoneMatch, etag, matches) => {
    expect(etagMatches(ifNoneMatch, etag)).toBe(matches);
  });
});
