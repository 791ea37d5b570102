/**
 * Whether a request's If-None-Match names this ETag. The comparison is weak (RFC 9110): a tag matches with or without
 * its W/ prefix, the header may list several tags, and "*" matches any.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch !== undefined && ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
