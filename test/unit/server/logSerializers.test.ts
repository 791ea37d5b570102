import { describe, expect, it } from "vitest";
import type { FastifyRequest } from "fastify";
import { logSerializers } from "../../../server/http/logSerializers";

describe("what the server's logs may say", () => {
  it("names a request by method and path, never its query string", () => {
    const request = { id: "req-1", method: "GET", url: "/api/google-signin/callback?code=SECRET-CODE&state=SECRET-STATE" } as FastifyRequest;
    const logged = JSON.stringify(logSerializers.req(request));
    expect(logged).not.toContain("SECRET");
    expect(logSerializers.req(request)).toEqual({ id: "req-1", method: "GET", path: "/api/google-signin/callback" });
  });

  it("names an error by class and codes, never its message or the rows it quotes", () => {
    const error = Object.assign(new Error('value too long for "Subject: 40% off with code SPRING40"'), {
      name: "DatabaseError",
      code: "22001",
      detail: "Failing row contains (SPRING40, Spring sale)",
      where: '{"subject":"Spring sale","sender":"shop@example.com"}',
      parameters: ["SPRING40"],
    });
    const logged = logSerializers.err(error);
    expect(logged).toMatchObject({ type: "DatabaseError", error: "DatabaseError", code: "22001", message: "22001" });
    expect(logged.stack).toMatch(/^\s*at /);
    expect(JSON.stringify(logged)).not.toMatch(/SPRING40|Spring sale|shop@example\.com/);
  });

  it("says the message was withheld when an error has no code", () => {
    expect(logSerializers.err(new TypeError("Cannot read properties of undefined (reading 'subject: 50% off')"))).toMatchObject({
      type: "TypeError",
      message: "(message withheld from logs)",
    });
  });
});
