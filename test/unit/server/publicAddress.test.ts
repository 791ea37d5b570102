import type * as Dns from "node:dns";
import { isIP, Socket } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { HttpImageFetcher } from "../../../server/infrastructure/images/httpImageFetcher";
import { AddressRefusedError, PublicAddressGuard, isPublicAddress } from "../../../server/infrastructure/net/publicAddress";
import { startImageServer, type ImageServer } from "../../server/support/imageServer";

/** Names this test's resolver answers itself, as a DNS server under someone else's control might. */
const RESOLVED = vi.hoisted((): Record<string, string[]> => ({}));

vi.mock("node:dns", async (importOriginal) => {
  const dns = await importOriginal<typeof Dns>();
  const lookup = ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    const answer = RESOLVED[hostname];
    if (!answer) return dns.lookup(hostname, options, callback);
    queueMicrotask(() => callback(null, answer.map((address) => ({ address, family: isIP(address) }))));
  }) as typeof dns.lookup;
  return { ...dns, lookup, default: { ...dns, lookup } };
});

/** Addresses no outgoing request may reach, as URLs may write them, with what they are. */
const REFUSED_HOSTS: readonly [host: string, what: string][] = [
  ["127.0.0.1", "loopback"],
  ["127.1", "loopback, two parts"],
  ["2130706433", "loopback, one decimal number"],
  ["0x7f000001", "loopback, one hex number"],
  ["0177.0.0.1", "loopback, octal"],
  ["0x7f.0.0.1", "loopback, a hex part"],
  ["017700000001", "loopback, one octal number"],
  ["0.0.0.0", "unspecified"],
  ["0", "unspecified, one number"],
  ["0.1.2.3", "this network, 0.0.0.0/8"],
  ["169.254.169.254", "link-local: cloud metadata"],
  ["0xa9fea9fe", "cloud metadata, one hex number"],
  ["10.0.0.1", "private"],
  ["172.16.0.1", "private"],
  ["192.168.1.1", "private"],
  ["100.64.0.1", "CGNAT"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.255", "benchmarking"],
  ["192.0.0.1", "IETF protocol assignments"],
  ["192.0.2.1", "documentation"],
  ["198.51.100.1", "documentation"],
  ["203.0.113.1", "documentation"],
  ["192.88.99.1", "6to4 relay anycast"],
  ["224.0.0.1", "multicast"],
  ["240.0.0.1", "reserved 240/4"],
  ["255.255.255.255", "broadcast"],
  ["[::]", "unspecified"],
  ["[::1]", "loopback"],
  ["[0:0:0:0:0:0:0:1]", "loopback, written out"],
  ["[::127.0.0.1]", "IPv4-compatible loopback, dotted"],
  ["[::7f00:1]", "IPv4-compatible loopback, hex words"],
  ["[0::7f00:0001]", "IPv4-compatible loopback, leading zeros"],
  ["[::a9fe:a9fe]", "IPv4-compatible cloud metadata"],
  ["[::169.254.169.254]", "IPv4-compatible cloud metadata, dotted"],
  ["[::8.8.8.8]", "IPv4-compatible, even of a public address: deprecated, never a real host"],
  ["[::ffff:127.0.0.1]", "IPv4-mapped loopback"],
  ["[::ffff:7f00:1]", "IPv4-mapped loopback, hex words"],
  ["[0:0:0:0:0:ffff:7f00:1]", "IPv4-mapped loopback, written out"],
  ["[::ffff:a9fe:a9fe]", "IPv4-mapped cloud metadata"],
  ["[::ffff:10.0.0.1]", "IPv4-mapped private"],
  ["[::ffff:0:7f00:1]", "IPv4-translated loopback"],
  ["[64:ff9b::7f00:1]", "NAT64 loopback"],
  ["[64:ff9b::127.0.0.1]", "NAT64 loopback, dotted"],
  ["[64:ff9b::a9fe:a9fe]", "NAT64 cloud metadata"],
  ["[64:ff9b:1::a00:1]", "local-use NAT64"],
  ["[2002:7f00:1::]", "6to4 of loopback"],
  ["[2002:a9fe:a9fe::1]", "6to4 of cloud metadata"],
  ["[2002:c0a8:101::1]", "6to4 of a private address"],
  ["[2001:0:4136:e378:8000:63bf:3fff:fdd2]", "Teredo"],
  ["[2001::1]", "Teredo"],
  ["[fe80::1]", "link-local"],
  ["[fec0::1]", "site-local (deprecated)"],
  ["[fc00::1]", "unique-local"],
  ["[fd12:3456::1]", "unique-local"],
  ["[ff02::1]", "multicast"],
  ["[100::1]", "discard"],
  ["[2001:db8::1]", "documentation"],
  ["[3fff::1]", "documentation"],
  ["[2001:2::1]", "benchmarking"],
  ["[2001:10::1]", "ORCHID"],
];

const PUBLIC_ADDRESSES = [
  "8.8.8.8", "93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "[2a00:1450:4001:80b::200e]", "::ffff:8.8.8.8",
  "64:ff9b::808:808", "2002:808:808::1", "100.128.0.1", "198.20.0.1",
  // Read as URLs and inet_aton read it: 010 is octal, so this is 8.0.0.1.
  "010.0.0.1",
];

describe("the public-address rule of every outgoing request", () => {
  it("refuses every private or reserved address however it is written", () => {
    for (const [host, what] of REFUSED_HOSTS) {
      // As a URL writes it, and bare, as a resolver answers.
      for (const written of new Set([host, host.replace(/^\[(.*)\]$/, "$1")])) expect(isPublicAddress(written), `${written}: ${what}`).toBe(false);
    }
    for (const other of ["fe80::1%eth0", "::1%lo", "not an address", "", "example.com", "1.2.3.4.5", " 8.8.8.8"]) {
      expect(isPublicAddress(other), other).toBe(false);
    }
  });

  it("lets public addresses through, and IPv6 forms that lead to public IPv4 ones", () => {
    for (const address of PUBLIC_ADDRESSES) expect(isPublicAddress(address), address).toBe(true);
  });

  it("keeps the allowed hosts exact: [::1] allowed lets [::1] through and nothing else", () => {
    const guard = new PublicAddressGuard(["[::1]", "Emulator.Internal"]);
    expect(() => guard.checkWrittenAddress(new URL("http://[::1]:8081/"))).not.toThrow();
    expect(() => guard.checkWrittenAddress(new URL("http://[::7f00:1]:8081/"))).toThrow(AddressRefusedError);
    expect(() => guard.checkWrittenAddress(new URL("http://127.0.0.1:8081/"))).toThrow(AddressRefusedError);
    expect(guard.isAllowedUrl(new URL("http://emulator.internal:8081/"))).toBe(true);
  });

  it("lets an entry with a port through on that port only, by address and by name", () => {
    const guard = new PublicAddressGuard(["127.0.0.1:8081", "Emulator.Internal:9000"]);
    expect(() => guard.checkWrittenAddress(new URL("http://127.0.0.1:8081/"))).not.toThrow();
    expect(() => guard.checkWrittenAddress(new URL("http://emulator.internal:9000/"))).not.toThrow();
    // The database, another local service: not what the entry allowed.
    for (const other of ["http://127.0.0.1:5432/", "http://127.0.0.1/", "https://127.0.0.1:8443/x"]) {
      expect(() => guard.checkWrittenAddress(new URL(other)), other).toThrow(AddressRefusedError);
    }
    // A listed name on another port is refused before its lookup, which sees no port and would let its address through.
    expect(() => guard.checkWrittenAddress(new URL("http://emulator.internal:22/"))).toThrow(AddressRefusedError);
    expect(guard.isAllowedUrl(new URL("http://emulator.internal:9000/"))).toBe(true);
    expect(guard.isAllowedUrl(new URL("http://emulator.internal/"))).toBe(false);
  });
});

describe("the image fetcher refuses before connecting", () => {
  let images: ImageServer;
  const connect = vi.spyOn(Socket.prototype, "connect");

  beforeAll(async () => {
    images = await startImageServer();
  });
  afterEach(() => {
    connect.mockClear();
    for (const name of Object.keys(RESOLVED)) delete RESOLVED[name];
  });
  afterAll(async () => {
    connect.mockRestore();
    await images?.close();
  });

  const fetchFrom = (host: string, allowed: string[] = []) => new HttpImageFetcher(allowed).fetchImage(new URL(`http://${host}:${images.port}/photo.png`));

  it("connects to an allowed host (so a refusal below is the guard's, not a spy that sees nothing)", async () => {
    const fetched = await fetchFrom("127.0.0.1", ["127.0.0.1"]);
    expect(fetched.ok).toBe(true);
    expect(connect).toHaveBeenCalled();
  });

  it("connects to an allowed host and port, and to no other port of that host", async () => {
    const allowed = [`127.0.0.1:${images.port}`];
    await expect(new HttpImageFetcher(allowed).fetchImage(new URL(`http://127.0.0.1:${images.port}/photo.png`))).resolves.toMatchObject({ ok: true });
    connect.mockClear();
    const otherPort = images.port === 65535 ? images.port - 1 : images.port + 1;
    await expect(new HttpImageFetcher(allowed).fetchImage(new URL(`http://127.0.0.1:${otherPort}/photo.png`))).resolves.toEqual({ ok: false, refusal: "address_refused" });
    expect(connect).not.toHaveBeenCalled();
  });

  it.each(REFUSED_HOSTS)("refuses http://%s (%s) without a connection", async (host) => {
    const before = images.requests.length;
    await expect(fetchFrom(host)).resolves.toEqual({ ok: false, refusal: "address_refused" });
    expect(connect).not.toHaveBeenCalled();
    expect(images.requests).toHaveLength(before);
  });

  it("judges what a name resolves to by the same rule, each address of the answer", async () => {
    const answers: Record<string, string[]> = {
      "compatible.rebind.test": ["::7f00:1"],
      "mapped.rebind.test": ["::ffff:127.0.0.1"],
      "nat64.rebind.test": ["64:ff9b::a9fe:a9fe"],
      "sixtofour.rebind.test": ["2002:a9fe:a9fe::1"],
      "teredo.rebind.test": ["2001:0:4136:e378:8000:63bf:3fff:fdd2"],
      "mixed.rebind.test": ["93.184.216.34", "127.0.0.1"],
      "localhost.rebind.test": ["127.0.0.1", "::1"],
    };
    Object.assign(RESOLVED, answers);
    const before = images.requests.length;
    for (const name of Object.keys(answers)) {
      // A socket is made for a name, but the lookup inside it refuses before any address is connected to.
      await expect(fetchFrom(name), name).resolves.toEqual({ ok: false, refusal: "address_refused" });
    }
    expect(images.requests).toHaveLength(before);
    // The allow-list names hosts, not what they resolve to.
    Object.assign(RESOLVED, { "emulator.internal": ["127.0.0.1"] });
    const allowed = await fetchFrom("emulator.internal", ["emulator.internal"]);
    expect(allowed.ok).toBe(true);
  });
});
