import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import * as t from "io-ts";
import { contractProblems } from "../../../src/contract";
import { checkRepliesAgainstContract } from "../../../server/http/replies";

const Codec = t.type({
  items: t.array(t.type({ id: t.string })),
  choice: t.union([t.type({ kind: t.literal("a") }), t.null]),
  counts: t.record(t.string, t.number),
});

describe("contractProblems", () => {
  it("passes a value of exactly the codec's shape", () => {
    expect(contractProblems(Codec, { items: [{ id: "1" }], choice: { kind: "a" }, counts: { deals: 2 } })).toEqual([]);
  });

  it("names a missing or mistyped field", () => {
    expect(contractProblems(Codec, { items: [{ id: 1 }], choice: null, counts: {} }).join()).toContain("items");
    expect(contractProblems(Codec, { items: [], counts: {} }).join()).toContain("choice");
  });

  it("names fields the contract does not have, however deep", () => {
    const value = { items: [{ id: "1", secret: "x" }], choice: { kind: "a", extra: 1 }, counts: { n: 1 }, more: true };
    expect(contractProblems(Codec, value).map((problem) => problem.replace(/^[^.]*/, ""))).toEqual([".items[0].secret is not in the contract", ".choice.extra is not in the contract", ".more is not in the contract"]);
  });
});

describe("replies checked against the contract", () => {
  async function appAnswering(body: unknown, path = "/api/auth/me", status = 200) {
    const app = Fastify();
    checkRepliesAgainstContract(app);
    app.get(path, async (_request, reply) => reply.code(status).send(body));
    return app.inject({ method: "GET", url: path });
  }
  const user = { id: "u", email: "a@example.org", first_name: null, last_name: null, gmail_connected: false };

  it("lets a reply of the route's shape through", async () => {
    const answer = await appAnswering({ success: true, user });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ success: true, user });
  });

  it("turns a reply that breaks the contract into a 500 that names the problem", async () => {
    const answer = await appAnswering({ success: true, user: { ...user, google_sub: "leaked" } });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ success: false, code: "contract_violation" });
    expect(answer.json().message).toContain("google_sub is not in the contract");
  });

  it("checks a failure against the route's failure shape", async () => {
    expect((await appAnswering({ success: false, code: "unauthorized", message: "Signed out." }, "/api/auth/me", 401)).statusCode).toBe(401);
    expect((await appAnswering({ error: "no" }, "/api/auth/me", 401)).statusCode).toBe(500);
  });

  it("refuses a JSON answer from a route the contract does not have", async () => {
    const answer = await appAnswering({ hello: "world" }, "/api/not-in-the-contract");
    expect(answer.statusCode).toBe(500);
    expect(answer.json().message).toContain("no JSON answer");
  });
});
