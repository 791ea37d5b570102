import { Agent, request as httpRequest, type OutgoingHttpHeaders } from "node:http";
import { connect } from "node:net";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import fc from "fast-check";
import { strFromU8, unzipSync } from "fflate";
import { isRight } from "fp-ts/lib/Either";
import { CATEGORIES } from "../../../src/domain/category";
import { EXTENSION_DOWNLOAD_PATH } from "../../../src/domain/extension";
import { ApiErrorCodec, DashboardCodec, SendersCodec, SettingsCodec, contractProblems, routeContract } from "../../../src/contract";
import { BUILD_INFO_FILE } from "../../../server/infrastructure/extensionZip";
import { routesOf } from "./routeTable";
import { api, decode, signUpWithGmail, startStack, waitForSync, type Stack, type StackOptions } from "./stack";

/**
 * A property-based fuzz of every route the server has (read from its own route table, so a new route is fuzzed without
 * being listed here): generated requests of every kind, with and without a live session. Its oracle: not one answer may
 * be a 5xx; every JSON answer of an API route is exactly the wire contract's shape for that route; every 4xx carries our
 * error shape (or the route's own failure shape of the contract) with a message; nothing but the app's files is served
 * outside the API. Run by test/server/routeFuzz.test.ts (11,000 requests a database) and bench/routeFuzz.ts (100,000).
 */

/** The signed-in user whose session most routes are fuzzed with: a small mailbox, so there are brands and deals. */
export const MAIN_ACCOUNT = "other.user@example.com";
/** Routes whose success ends the session, the account or the Gmail connection: fuzzed as another user. */
const SESSION_ENDING = new Set(["POST /api/logout", "DELETE /api/account", "POST /api/disconnect-gmail"]);
export const DISPOSABLE_ACCOUNT = "new.user@example.com";

/** Served from outside the static folder, so a traversal that reached it would show. */
const OUTSIDE_MARKER = "outside-the-static-folder-7f3a";
/** In the app's page, which the server serves with its configuration written in, so not byte for byte. */
const APP_PAGE_MARKER = "the-app-page-2c9d";

const ODD_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "\uDFFF",
  "x\uDBFFy",
  "\u202Eevil\u202C",
  "\u200F\u200E\u061C",
  "\uFEFF",
  "\uFFFF",
  "😀",
  "👩‍👩‍👧‍👦",
  "e\u0301\u0301\u0301",
  "../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "%E0%A4%A",
  "<script>alert(1)</script>",
  "javascript:alert(1)",
  "' OR '1'='1",
  "%",
  "_",
  "\\",
  "[[[[{{{{",
  '"]}',
  "${jndi:ldap://x}",
  "__proto__",
  "constructor",
  "null",
  "1e309",
  "-0",
  "\r\n\r\n",
  "\t",
  "CATEGORY_PROMOTIONS",
  "INBOX",
];
const HUGE_STRINGS = ["x".repeat(60_000), "é".repeat(30_000), "😀".repeat(15_000), "\u0000".repeat(1_000), "\uD800".repeat(10_000)];
/** Field names of our requests, and a few that mean something to JavaScript, SQL or a query-string parser. */
const FIELD_NAMES = [
  "tokens",
  "refresh_token",
  "labels",
  "weeklyReport",
  "syncIntervalMinutes",
  "name",
  "email",
  "shopping_frequency",
  "search",
  "category",
  "expiring",
  "from_domain",
  "brand",
  "page",
  "pageSize",
  "code",
  "state",
  "error",
  "error_description",
  "id",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "a[b]",
  "a[]",
];
const RAW_QUERY_PARTS = ["%", "%zz", "%E0%A4%A", "%FF%FE", "%C0%AF", "%ED%A0%80", "%00", "a[]=1", "a[b]=1", "&&", "==", ";", "+", "%2B", "__proto__[x]=1", "constructor[prototype][x]=1"];
const RAW_PATH_SEGMENTS = [
  "..",
  ".",
  "%2e%2e",
  "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
  "..%2f..%2f..%2fetc%2fpasswd",
  "..%5c..%5c",
  "%c0%ae%c0%ae",
  "%252e%252e",
  "....//",
  "%2F",
  "%00",
  "%E0%A4%A",
  "%ZZ",
  "%",
  "\\",
  ";",
  "%3B",
  "*",
  "a".repeat(101),
  "b".repeat(5_000),
];
const CONTENT_TYPES = [
  null,
  "text/plain",
  "text/plain; charset=utf-8",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=latin1",
  "application/json; charset=utf-16",
  "application/json; charset=UTF-8",
  "APPLICATION/JSON",
  "application/json;;;",
  "application/json; charset=",
  "application/vnd.api+json",
  "application/json-patch+json",
  "*/*",
  "",
  "json",
];
const ACCEPT_ENCODINGS = ["gzip", "gzip;q=0", "br;q=abc, *;q=-1", "identity;q=0", "*", "x-gzip, deflate, compress", ",,,", "gzip".repeat(2_000)];
/** The one origin the fuzzed server lets call its API across origins (CORS_ORIGINS), and some it refuses. */
export const ALLOWED_ORIGIN = "https://deals.example.org";
const ORIGINS = [ALLOWED_ORIGIN, "null", "http://evil.example", "http://127.0.0.1:1", "file://", "http://%00", "https://deals.example.org.evil.example", "*"];
const MALFORMED_AUTHORIZATIONS = [
  "Bearer",
  "Bearer ",
  "Bearer not-a-token",
  "Basic ZGVtbzpkZW1v",
  "bearer a.b.c",
  "Bearer a.b.c.d",
  "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.",
  `Bearer ${"a".repeat(12_000)}`,
  "Bearer \u00ff\u00fe",
  "Token x",
];

export interface FuzzRequest {
  method: string;
  /** The encoded path and query, written as is on the request line. */
  path: string;
  /** "live" is the route's session token at the time the request is sent. */
  authorization: { kind: "live" } | { kind: "none" } | { kind: "value"; value: string } | { kind: "live-mangled"; at: number; insert: string };
  headers: Record<string, string>;
  body: { contentType: string | null; bytes: Buffer } | null;
}

/** Plausible values per route: a fuzzed request keeps, drops or replaces each, so handlers past validation run too. */
export interface RouteExamples {
  body?: Record<string, fc.Arbitrary<unknown>>;
  query?: Record<string, fc.Arbitrary<string>>;
  params?: Record<string, fc.Arbitrary<string>>;
}

/** Percent-encodes the UTF-8 of a string (a lone surrogate becomes U+FFFD's bytes, as a browser would send it). */
function percentEncode(text: string): string {
  let encoded = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    encoded += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return encoded;
}

/** Any UTF-16 code unit, lone surrogates included. */
const codeUnits = (maxLength: number) => fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code)), maxLength });
/** Text a header may carry (tab, printable ASCII, Latin-1), for the values Node's client lets through. */
const headerText = fc.string({ unit: fc.oneof(fc.constant(9), fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff })).map((code) => String.fromCharCode(code)), maxLength: 200 });

const oddText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 2, arbitrary: codeUnits(30) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 4, arbitrary: fc.constantFrom(...ODD_STRINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...HUGE_STRINGS) },
);
const fieldName = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...FIELD_NAMES) }, { weight: 1, arbitrary: oddText.filter((text) => text.length < 100) });

const { jsonish } = fc.letrec<{ jsonish: unknown }>((tie) => ({
  jsonish: fc.oneof(
    { depthSize: "small" },
    oddText,
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 15, 1440, 2 ** 31, Number.MAX_SAFE_INTEGER, 1e308, 15.5),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("jsonish"), { maxLength: 5 }),
    fc.dictionary(fieldName, tie("jsonish"), { maxKeys: 5 }),
  ),
}));

/** A request part built from the examples: each field kept, dropped or given a wrong value, and maybe extra fields. */
function mutated<T>(examples: Record<string, fc.Arbitrary<T>>, wrong: fc.Arbitrary<T>, extraName: fc.Arbitrary<string>): fc.Arbitrary<[string, T][]> {
  const fields = Object.entries(examples).map(([name, example]) =>
    fc.oneof(
      { weight: 6, arbitrary: example.map((value): [string, T][] => [[name, value]]) },
      { weight: 2, arbitrary: fc.constant<[string, T][]>([]) },
      { weight: 1, arbitrary: wrong.map((value): [string, T][] => [[name, value]]) },
    ),
  );
  const extra = fc.oneof({ weight: 6, arbitrary: fc.constant<[string, T][]>([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(extraName, wrong), { minLength: 1, maxLength: 2 }) });
  return fc.tuple(fc.tuple(...fields), extra).map(([kept, added]) => [...kept.flat(), ...added]);
}

const CLOSERS: Record<string, string> = { "[": "]", '{"a":': "}", '[{"b":': "}]" };

function bodyArbitrary(examples: RouteExamples): fc.Arbitrary<FuzzRequest["body"]> {
  const value = examples.body ? mutated(examples.body, jsonish, fieldName).map((fields) => Object.fromEntries(fields)) : jsonish;
  const jsonText = value.map((parsed) => JSON.stringify(parsed) ?? "null");
  const text = fc.oneof(
    { weight: 6, arbitrary: jsonText },
    { weight: 2, arbitrary: jsonish.map((parsed) => JSON.stringify(parsed) ?? "null") },
    // Broken JSON: cut short and followed by anything.
    { weight: 2, arbitrary: fc.tuple(jsonText, fc.nat(), oddText).map(([json, at, junk]) => json.slice(0, at % (json.length + 1)) + junk) },
    // Deep nesting, from harmless to far past the limit, closed or not.
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 6_000 })), fc.constantFrom(...Object.keys(CLOSERS)), fc.boolean())
        .map(([depth, open, closed]) => open.repeat(depth) + "1" + (closed ? CLOSERS[open]!.repeat(depth) : "")),
    },
    { weight: 1, arbitrary: fc.constantFrom("", " ", "null", "[]", '"text"', "42", "{}", JSON.stringify({ junk: "x".repeat(70 * 1024) }), '{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}') },
  );
  const bytes = fc.oneof(
    { weight: 8, arbitrary: text.map((body) => Buffer.from(body, "utf8")) },
    // Bytes that are no UTF-8 at all.
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 300 }).map((array) => Buffer.from(array)) },
  );
  const contentType = fc.oneof(
    { weight: 8, arbitrary: fc.constant<string | null>("application/json") },
    { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
    { weight: 1, arbitrary: headerText },
  );
  return fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: fc.record({ contentType, bytes }) });
}

function queryArbitrary(examples: RouteExamples): fc.Arbitrary<string> {
  // Values short enough that most requests fit the 16 KB Node allows for headers and request line.
  const value = oddText.map((text) => text.slice(0, 1_000));
  const pairs = examples.query ? mutated(examples.query, value, fieldName) : fc.array(fc.tuple(fieldName, value), { maxLength: 4 });
  return fc
    .tuple(
      pairs,
      // Repeats of a pair: a parameter given twice is an array to the query-string parser.
      fc.nat({ max: 2 }),
      fc.oneof({ weight: 5, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.array(fc.constantFrom(...RAW_QUERY_PARTS), { minLength: 1, maxLength: 3 }) }),
    )
    .map(([fields, repeats, raw]) => {
      const encoded = fields.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`);
      const repeated = encoded.length > 0 ? Array.from({ length: repeats }, () => encoded[0]!) : [];
      const query = [...encoded, ...repeated, ...raw].join("&");
      return query ? `?${query}` : "";
    });
}

const pathSegment = fc.oneof(
  { weight: 1, arbitrary: fc.uuid().map((id) => id.toUpperCase()) },
  { weight: 2, arbitrary: oddText.map(percentEncode) },
  { weight: 2, arbitrary: fc.constantFrom(...RAW_PATH_SEGMENTS) },
);

/** The route's path with each parameter (`:name`, or `*` for the rest of the path) filled in, and a query string. */
function pathArbitrary(route: string, examples: RouteExamples): fc.Arbitrary<string> {
  const template = route.slice(route.indexOf(" ") + 1);
  const parameters = [...template.matchAll(/:\w+|\*/g)].map((match) => match[0]);
  const filling = (parameter: string) => {
    const example = examples.params?.[parameter.replace(/^:/, "")];
    const generated = parameter === "*" ? fc.array(pathSegment, { minLength: 1, maxLength: 4 }).map((segments) => segments.join("/")) : pathSegment;
    return fc.oneof({ weight: 3, arbitrary: example ?? fc.uuid() }, { weight: 5, arbitrary: generated });
  };
  const suffix = fc.oneof({ weight: 12, arbitrary: fc.constant("") }, { weight: 1, arbitrary: fc.constantFrom("/", "//", "/.", "/..", "%2F", "/%00", "/%E0%A4%A") });
  return fc
    .tuple(fc.tuple(...parameters.map(filling)), suffix, queryArbitrary(examples))
    .map(([values, tail, query]) => parameters.reduce((path, parameter, index) => path.replace(parameter, values[index]!), template) + tail + query);
}

const authorizationArbitrary: fc.Arbitrary<FuzzRequest["authorization"]> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: "live" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
  { weight: 2, arbitrary: fc.oneof(fc.constantFrom(...MALFORMED_AUTHORIZATIONS), headerText, headerText.map((text) => `Bearer ${text}`)).map((value) => ({ kind: "value" as const, value })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("live-mangled" as const), at: fc.nat(), insert: fc.oneof(headerText, fc.constantFrom(".", "=", " ", "..")) }) },
);

const headersArbitrary: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    "accept-encoding": fc.oneof(fc.constantFrom(...ACCEPT_ENCODINGS), headerText),
    origin: fc.oneof(fc.constantFrom(...ORIGINS), headerText),
    "if-none-match": headerText,
    cookie: fc.oneof(headerText, fc.constantFrom("a=b; a=c", "=;=;", `big=${"c".repeat(8_000)}`)),
    accept: fc.oneof(fc.constantFrom("*/*", "text/html", "application/json;q=0"), headerText),
    "x-forwarded-for": headerText,
    // What a browser's CORS preflight asks.
    "access-control-request-method": fc.oneof(fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "TRACE"), headerText),
    "access-control-request-headers": fc.oneof(fc.constantFrom("authorization, content-type", "x-evil"), headerText),
  },
  { requiredKeys: [] },
);

function requestArbitrary(route: string, examples: RouteExamples): fc.Arbitrary<FuzzRequest> {
  const method = route.slice(0, route.indexOf(" "));
  return fc.record({
    method: fc.constant(method),
    path: pathArbitrary(route, examples),
    authorization: authorizationArbitrary,
    headers: headersArbitrary,
    body: bodyArbitrary(examples),
  });
}

/** A request to a path that is no route, under /api or not: traversal, broken encodings, odd methods. */
const oddPathRequest: fc.Arbitrary<FuzzRequest> = fc.record({
  method: fc.constantFrom("GET", "GET", "GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "PROPFIND"),
  path: fc
    .tuple(
      fc.constantFrom("", "/api", "/assets", "/api/api"),
      fc.array(fc.oneof(fc.constantFrom(...RAW_PATH_SEGMENTS), fc.constantFrom("index.html", "outside.txt", "app.js", "assets", "api", "settings"), oddText.map(percentEncode)), { minLength: 1, maxLength: 6 }),
      queryArbitrary({}),
    )
    .map(([prefix, segments, query]) => `${prefix}/${segments.join("/")}${query}`),
  authorization: authorizationArbitrary,
  headers: headersArbitrary,
  body: fc.constant(null),
});

export interface Answer {
  status: number;
  /** The body as the browser reads it (decompressed), and as text. */
  bytes: Buffer;
  text: string;
}

/** One request over the keep-alive agent, written exactly as generated. */
export function send(agent: Agent, port: number, request: FuzzRequest, authorization: string | null): Promise<Answer> {
  const headers: OutgoingHttpHeaders = { ...request.headers };
  if (authorization !== null) headers.authorization = authorization;
  if (request.body?.contentType != null) headers["content-type"] = request.body.contentType;
  // Node's client sends a GET or DELETE body without a length, which the server would read as the next request.
  if (request.body) headers["content-length"] = String(request.body.bytes.length);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method: request.method, path: request.path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const bytes = decodeBody(Buffer.concat(chunks), response.headers["content-encoding"]);
        resolve({ status: response.statusCode!, bytes, text: bytes.toString("utf8") });
      });
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("no answer within 30 s")));
    outgoing.end(request.body?.bytes);
  });
}

/** The body as the browser reads it: the app's files are sent compressed when the client accepts it. */
function decodeBody(bytes: Buffer, encoding: string | undefined): Buffer {
  if (encoding === "br") return brotliDecompressSync(bytes);
  if (encoding === "gzip") return gunzipSync(bytes);
  return bytes;
}

/** Raw bytes on a fresh connection, for what no HTTP client would send; answers the status and the body. */
export function sendRaw(port: number, bytes: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(Buffer.from(bytes, "latin1")));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const response = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = response.split("\r\n\r\n");
      const text = rest.join("\r\n\r\n");
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), bytes: Buffer.from(text), text });
    });
    socket.setTimeout(30_000, () => socket.destroy(new Error("no answer within 30 s")));
  });
}

function describeRequest(request: FuzzRequest, answer: Answer): string {
  const body = request.body ? ` with ${request.body.bytes.length} bytes of ${request.body.contentType ?? "no content type"}: ${request.body.bytes.subarray(0, 200).toString("utf8")}` : "";
  return `${request.method} ${request.path.slice(0, 300)}${body}\nanswered ${answer.status}: ${answer.text.slice(0, 300)}`;
}

/** The contract of a route of the route table ("POST /api/auth/complete"), whose keys are below the API's base. */
const contractOf = (route: string | null) => (route ? routeContract(route.replace(" /api/", " /")) : undefined);

/** No 5xx; every JSON answer of an API route in the contract's shape; every 4xx in our error shape (or the route's own failure shape of the contract) with a message. */
export function checkAnswer(route: string | null, request: FuzzRequest, answer: Answer, app: AppFiles): void {
  if (answer.status >= 500 || answer.status < 100) throw new Error(`A ${answer.status} for ${describeRequest(request, answer)}`);
  if (answer.text.includes(OUTSIDE_MARKER)) throw new Error(`A file outside the static folder was served for ${describeRequest(request, answer)}`);
  if (answer.status === 200 && !request.path.startsWith("/api/") && request.method === "GET" && !app.serves(request.path, answer.bytes)) {
    throw new Error(`Something other than the app's files was served for ${describeRequest(request, answer)}`);
  }
  const contract = contractOf(route);
  if (answer.status < 400) {
    if (contract?.success && answer.status < 300) {
      const problems = contractProblems(contract.success, JSON.parse(answer.text));
      if (problems.length > 0) throw new Error(`A ${answer.status} that breaks the contract (${problems.join("; ")}) for ${describeRequest(request, answer)}`);
    }
    return;
  }
  // The one-click unsubscribe pages are read by a person who followed a link from an email: their refusal is a page too.
  if (route?.endsWith(" /api/reports/unsubscribe") && answer.status === 400 && answer.text.startsWith("<!DOCTYPE html>")) return;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new Error(`A ${answer.status} that is not JSON for ${describeRequest(request, answer)}`);
  }
  const error = ApiErrorCodec.decode(body);
  const fits = isRight(error) ? error.right.message.length > 0 : contract !== undefined && contractProblems(contract.failure, body).length === 0;
  if (!fits) throw new Error(`A ${answer.status} without the error shape for ${describeRequest(request, answer)}`);
}

/** A signed-in user whose session, or account, is given back whenever a fuzzed request ended it. */
export class FuzzSession {
  token = "";
  private userId = "";
  /** Sessions started again after a request ended one, and sign-ups after a request deleted the account. */
  renewals = 0;

  constructor(
    private readonly stack: Stack,
    readonly account: string,
  ) {}

  async signIn(): Promise<void> {
    const signedIn = await signUpWithGmail(this.stack, this.account);
    this.token = signedIn.access_token;
    this.userId = signedIn.user.id;
  }

  /**
   * Keeps the token live, so later requests still pass the 401 gate and reach the body parser and the handler: a new
   * session (the one sign-in ends with) when the session ended, a new sign-up when the account is gone.
   */
  async keepSignedIn(): Promise<void> {
    const { sessions, users } = this.stack.server.services;
    if (await sessions.authenticate(this.token)) return;
    this.renewals++;
    if (await users.findById(this.userId)) this.token = (await sessions.start(this.userId)).access_token;
    else await this.signIn();
  }
}

function authorizationHeader(request: FuzzRequest, session: FuzzSession): string | null {
  const { authorization } = request;
  switch (authorization.kind) {
    case "none":
      return null;
    case "value":
      return authorization.value;
    case "live":
      return `Bearer ${session.token}`;
    case "live-mangled": {
      const at = authorization.at % (session.token.length + 1);
      return `Bearer ${session.token.slice(0, at)}${authorization.insert}${session.token.slice(at)}`;
    }
  }
}

/** What the app may answer outside the API, as it is configured: the static folder's files and the extension's zip. */
interface AppFiles {
  serves(path: string, body: Buffer): boolean;
}

/**
 * The folders the server is configured with: a static folder with the app's page and a file, next to a file that must
 * never be served, and a built extension.
 */
export function appFolders() {
  const root = mkdtempSync(join(tmpdir(), "deal-finder-fuzz-"));
  const dist = join(root, "dist");
  const page = `<!doctype html><html><head><title>Deal Finder</title></head><body><div id="root"></div><!--${APP_PAGE_MARKER}--></body></html>`;
  const script = "console.log('app');";
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), page);
  writeFileSync(join(dist, "assets", "app.js"), script);
  writeFileSync(join(root, "outside.txt"), OUTSIDE_MARKER);
  const extension = join(root, "extension");
  const extensionFiles: Record<string, string> = { "manifest.json": JSON.stringify({ manifest_version: 3 }), [BUILD_INFO_FILE]: JSON.stringify({ appUrl: "http://127.0.0.1" }) };
  mkdirSync(extension);
  for (const [name, text] of Object.entries(extensionFiles)) writeFileSync(join(extension, name), text);
  const staticFiles = new Set([page, script]);
  const files: AppFiles = {
    serves: (path, body) =>
      staticFiles.has(body.toString("utf8")) || body.toString("utf8").includes(APP_PAGE_MARKER) || (new URL(path, "http://x").pathname === EXTENSION_DOWNLOAD_PATH && isZipOf(body, extensionFiles)),
  };
  return { dist, extension, files, remove: () => rmSync(root, { recursive: true, force: true }) };
}

function isZipOf(body: Buffer, files: Record<string, string>): boolean {
  try {
    const entries = Object.entries(unzipSync(body));
    return entries.length === Object.keys(files).length && entries.every(([name, bytes]) => files[name] === strFromU8(bytes));
  } catch {
    return false;
  }
}

/** A server set up for the fuzz: its folders, and two signed-in users (one of them to be signed out and deleted). */
export interface FuzzTarget {
  stack: Stack;
  port: number;
  folders: ReturnType<typeof appFolders>;
  main: FuzzSession;
  disposable: FuzzSession;
  agent: Agent;
  close(): Promise<void>;
}

export async function startFuzzTarget(database: "pglite" | "postgres", options: Pick<StackOptions, "logger"> = {}): Promise<FuzzTarget> {
  const folders = appFolders();
  const stack = await startStack({
    ...options,
    database,
    staticDir: folders.dist,
    extensionDir: folders.extension,
    env: { AUTH_RATE_LIMIT_PER_MINUTE: "1000000", GMAIL_QUOTA_UNITS_PER_MINUTE: "0", CORS_ORIGINS: ALLOWED_ORIGIN },
    emulator: { quotaUnitsPerMinute: 0 },
  });
  const main = new FuzzSession(stack, MAIN_ACCOUNT);
  const disposable = new FuzzSession(stack, DISPOSABLE_ACCOUNT);
  await main.signIn();
  await disposable.signIn();
  await waitForSync(stack, main.token);
  const agent = new Agent({ keepAlive: true, maxSockets: 4 });
  return {
    stack,
    port: Number(new URL(stack.baseUrl).port),
    folders,
    main,
    disposable,
    agent,
    async close() {
      agent.destroy();
      await stack.close();
      folders.remove();
    },
  };
}

/** Plausible values for the routes that take ids, filters or bodies, from the main user's own brands and deals. */
async function routeExamples(stack: Stack, token: string): Promise<Record<string, RouteExamples>> {
  const settings = decode(SettingsCodec, (await api(stack, "GET", "/settings", { token })).body).data;
  const brandIds = settings.brands.map((brand) => brand.id);
  if (brandIds.length === 0) throw new Error("The fuzz needs a user with brands: the main account's mailbox gave none.");
  const senderIds = decode(SendersCodec, (await api(stack, "GET", "/senders", { token })).body).senders.map((sender) => sender.id);
  const deals = decode(DashboardCodec, (await api(stack, "GET", "/dashboard-products", { token })).body).deals;
  const imagePaths = deals.flatMap((deal) => deal.imageUrls.map((url) => new URL(url, stack.baseUrl).pathname)).filter((path) => path.startsWith("/api/images/"));
  const dealFilters = {
    search: fc.constantFrom("sale", "%", "50% off"),
    category: fc.constantFrom(...CATEGORIES),
    expiring: fc.constantFrom("true", "false"),
    brand: fc.constantFrom(...brandIds),
    from_domain: fc.constantFrom("example.com", "shop.example.co.uk"),
  };
  const labelId = fc.constantFrom("CATEGORY_PROMOTIONS", "INBOX", "CATEGORY_SOCIAL");
  const EXAMPLES: Record<string, RouteExamples> = {
    "POST /api/api/toggle_brand/:id": { params: { id: fc.constantFrom(...brandIds) } },
    "GET /api/brands/:id": { params: { id: fc.constantFrom(...brandIds) } },
    "PUT /api/brands/:id/state": { params: { id: fc.constantFrom(...brandIds) }, body: { active: fc.boolean() } },
    "GET /api/deals/:id": { params: { id: fc.constantFrom(...deals.map((deal) => deal.id)) } },
    "PUT /api/deals/:id/status": {
      params: { id: fc.constantFrom(...deals.map((deal) => deal.id)) },
      body: { status: fc.constantFrom("used", "not_working", null) },
    },
    "GET /api/deals/:id/correction": { params: { id: fc.constantFrom(...deals.map((deal) => deal.id)) } },
    "PUT /api/deals/:id/correction": {
      params: { id: fc.constantFrom(...deals.map((deal) => deal.id)) },
      body: { code: fc.constantFrom("FIXED10", "no spaces please"), endDate: fc.constantFrom("2099-12-31", "2026-02-30"), category: fc.constantFrom(...CATEGORIES) },
    },
    "DELETE /api/deals/:id/correction": { params: { id: fc.constantFrom(...deals.map((deal) => deal.id)) } },
    ...(imagePaths.length > 0 ? { "GET /api/images/*": { params: { "*": fc.constantFrom(...imagePaths.map((path) => path.slice("/api/images/".length))) } } } : {}),
    "PUT /api/gmail/labels": { body: { labels: fc.uniqueArray(labelId, { minLength: 1 }) } },
    "POST /api/gmail/sync": { body: { labels: fc.uniqueArray(labelId, { minLength: 1 }) } },
    "PUT /api/user/settings": { body: { weeklyReport: fc.boolean(), syncIntervalMinutes: fc.integer({ min: 15, max: 1440 }) } },
    "POST /api/early-access": {
      body: { name: fc.constantFrom("Ada", "Zoë"), email: fc.emailAddress(), shopping_frequency: fc.constantFrom("daily", "weekly", "monthly", "occasionally") },
    },
    "POST /api/auth/complete": { body: { tokens: fc.string({ minLength: 1, maxLength: 40 }), state: fc.string({ minLength: 1, maxLength: 40 }) } },
    "POST /api/auth/refresh": { body: { refresh_token: fc.string({ minLength: 1, maxLength: 40 }) } },
    "GET /api/google-signin/callback": { query: { code: fc.string({ maxLength: 40 }), state: fc.string({ maxLength: 40 }), error: fc.constantFrom("access_denied") } },
    "GET /api/dashboard-products": { query: dealFilters },
    "GET /api/discover": {
      query: { ...dealFilters, page: fc.integer({ min: 1, max: 999_999 }).map(String), pageSize: fc.integer({ min: 1, max: 100 }).map(String) },
    },
    "GET /api/brands/:id/sender": { params: { id: fc.constantFrom(...brandIds) } },
    "POST /api/senders/:id/unsubscribe": { params: { id: fc.constantFrom(...senderIds) } },
    "POST /api/alert-rules": {
      body: { kind: fc.constantFrom("percent", "code"), minPercent: fc.integer({ min: 0, max: 120 }), brand: fc.constantFrom(null, ...settings.brands.map((brand) => brand.name)) },
    },
  };

  return EXAMPLES;
}

export interface FuzzRun {
  seed: number;
  /** Generated requests shared out among the routes; requests to paths that are no route come on top. */
  routeRequests: number;
  oddPathRequests: number;
  /** Sees every answer; throwing stops the run with fast-check's smallest failing request. */
  onAnswer(route: string | null, request: FuzzRequest, answer: Answer): void;
  /** When set, the run sends nothing more after this instant. */
  deadline?: number;
}

/** Sends the run's requests, each route's own from a seed of its own; answers how many were sent and the routes. */
export async function fuzzEveryRoute(target: FuzzTarget, run: FuzzRun): Promise<{ sent: number; routes: string[] }> {
  const { stack, port, agent, main, disposable } = target;
  const examples = await routeExamples(stack, main.token);
  const routes = routesOf(stack.server.app);
  const runsPerRoute = Math.ceil(run.routeRequests / routes.length);
  const open = () => run.deadline === undefined || Date.now() < run.deadline;
  let sent = 0;
  for (const [index, route] of routes.entries()) {
    const session = SESSION_ENDING.has(route) ? disposable : main;
    await fc.assert(
      fc.asyncProperty(requestArbitrary(route, examples[route] ?? {}), async (request) => {
        if (!open()) return;
        const answer = await send(agent, port, request, authorizationHeader(request, session));
        sent++;
        run.onAnswer(route, request, answer);
        if (request.authorization.kind === "live") await session.keepSignedIn();
      }),
      { seed: run.seed + index, numRuns: runsPerRoute },
    );
  }
  await fc.assert(
    fc.asyncProperty(oddPathRequest, async (request) => {
      if (!open()) return;
      const answer = await send(agent, port, request, authorizationHeader(request, main));
      sent++;
      run.onAnswer(null, request, answer);
    }),
    { seed: run.seed, numRuns: run.oddPathRequests },
  );
  return { sent, routes };
}
