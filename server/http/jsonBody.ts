import type { FastifyInstance } from "fastify";

/** The deepest nesting of arrays and objects a request body may have; our own bodies need two levels. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * The deepest nesting of `[` and `{` in JSON text, read in one iterative pass that skips brackets inside strings
 * (escapes included), so it cannot overflow the stack whatever the text. Stops reading once `limit` is passed and
 * answers `limit + 1`. Says nothing about whether the text is valid JSON: the parser decides that afterwards.
 */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === BACKSLASH) index++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (char === OPEN_BRACE || char === OPEN_BRACKET) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if ((char === CLOSE_BRACE || char === CLOSE_BRACKET) && depth > 0) {
      // Never below zero: stray closing brackets must not hide the nesting that follows them.
      depth--;
    }
  }
  return deepest;
}

/** A request body refused before any handler sees it; the error handler answers it with its status and message. */
class RefusedBodyError extends Error {
  override readonly name = "RefusedBodyError";

  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The charset parameter of a Content-Type header, lower-cased, or null when it names none. */
function charsetOf(contentType: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)/i.exec(contentType ?? "");
  return match ? match[1]!.toLowerCase() : null;
}

/**
 * Makes JSON (UTF-8, at most MAX_JSON_DEPTH deep) the only request body the app reads: every other content type is a
 * 415. The depth is checked on the raw text before anything recursive walks the parsed value, and parsing is
 * Fastify's own, which refuses `__proto__` and `constructor.prototype` keys (prototype poisoning).
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser<Buffer>("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const charset = charsetOf(request.headers["content-type"]);
    if (charset !== null && charset !== "utf-8" && charset !== "utf8") {
      done(new RefusedBodyError(415, "A JSON body must be UTF-8 (charset=utf-8)."), undefined);
      return;
    }
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      done(new RefusedBodyError(400, "The request body is not valid UTF-8."), undefined);
      return;
    }
    if (jsonNestingDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new RefusedBodyError(400, `The JSON body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
