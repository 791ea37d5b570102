import { describe, expect, it } from "vitest";
import type { FastifyRequest } from "fastify";
import { UNPLACED_CLIENT, clientAddressKey } from "../../../server/http/sharedRateLimit";

const from = (ip: string | undefined) => ({ ip }) as FastifyRequest;

describe("the key the rate limits count a request under", () => {
  it("is the client's address, an IPv6 client's /64 and an IPv4-mapped address as IPv4", () => {
    expect(clientAddressKey(from("203.0.113.7"))).toBe("203.0.113.7");
    expect(clientAddressKey(from("2001:db8:1:2:aaaa::1"))).toBe(clientAddressKey(from("2001:db8:1:2:bbbb::9")));
    expect(clientAddressKey(from("2001:db8:1:2:aaaa::1"))).not.toBe(clientAddressKey(from("2001:db8:1:3::1")));
    expect(clientAddressKey(from("::ffff:198.51.100.4"))).toBe("198.51.100.4");
  });

  it("is one shared key, never a throw, for a request whose connection closed before it was counted", () => {
    expect(clientAddressKey(from(undefined))).toBe(UNPLACED_CLIENT);
    expect(clientAddressKey(from(""))).toBe(UNPLACED_CLIENT);
  });
});
