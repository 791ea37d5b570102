import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from "node:dns";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { hostAllowed, hostnameListed } from "../../../src/domain/allowedHosts";

/** 2000::/3: the only IPv6 space handed out for public hosts. */
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
/** IPv6 addresses that carry an IPv4 one and reach it: this host's own IPv4 stack, a NAT64 gateway. */
const IPV4_MAPPED = ipaddr.IPv6.parseCIDR("::ffff:0:0/96");
const NAT64 = ipaddr.IPv6.parseCIDR("64:ff9b::/96");
/** 6to4: 2002:AABB:CCDD::/48 is relayed to the IPv4 address AA.BB.CC.DD. */
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR("2002::/16");

/** Digits, dots, colons and brackets: anything else (a zone index, a space, a name) is no address we judge. */
const ADDRESS_CHARACTERS = /^\[?[0-9a-fx.:]+\]?$/i;

/**
 * The one rule for every request the server makes to an address someone else chose (an image in an email, and so
 * on): true only for a public unicast address. Refused: private, loopback, link-local, unique-local, multicast,
 * unspecified, broadcast, CGNAT, benchmarking, documentation, 240/4 and the other reserved ranges, and every IPv6
 * form that leads to a refused IPv4 address (mapped, NAT64, 6to4) or may (IPv4-compatible, IPv4-translated,
 * Teredo, which are refused whole). An address is read as URLs read a host, so `[::1]`, `::7f00:1`, `0177.0.0.1`
 * and `2130706433` are the addresses a request to them would reach.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  return parsed.kind() === "ipv4" ? isPublicIPv4(parsed as ipaddr.IPv4) : isPublicIPv6(parsed as ipaddr.IPv6);
}

function parseAddress(written: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ADDRESS_CHARACTERS.test(written)) return null;
  const bare = written.replace(/^\[(.*)\]$/, "$1");
  // The WHATWG URL parser is what turns a URL's host into the address a request connects to.
  const url = URL.parse(`http://${bare.includes(":") ? `[${bare}]` : bare}/`);
  const host = url?.hostname.replace(/^\[(.*)\]$/, "$1") ?? "";
  return isIP(host) ? ipaddr.parse(host) : null;
}

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  // ipaddr.js names every special-purpose range of IANA's registry; what it calls unicast is the public rest.
  return address.range() === "unicast";
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  const bytes = address.toByteArray();
  if (address.match(IPV4_MAPPED) || address.match(NAT64)) return isPublicIPv4(new ipaddr.IPv4(bytes.slice(12, 16)));
  if (address.match(SIX_TO_FOUR)) return isPublicIPv4(new ipaddr.IPv4(bytes.slice(2, 6)));
  // Outside 2000::/3 lie ::/96 (IPv4-compatible, with :: and ::1), ::ffff:0:0:0/96, 64:ff9b:1::/48, 100::/64,
  // fc00::/7, fe80::/10, fec0::/10 and ff00::/8; inside it ipaddr.js names Teredo, documentation, benchmarking,
  // ORCHID and the other IETF assignments of 2001::/23, and 3fff::/20.
  return address.match(GLOBAL_UNICAST) && address.range() === "unicast";
}

/** An address we refuse to connect to: from a URL's written host, or from inside a connection's DNS lookup. */
export class AddressRefusedError extends Error {}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Keeps a client's connections to public addresses. Give `lookup` to its http(s) agents, so the address checked is
 * the address connected to and a DNS answer that changes between check and use (rebinding) cannot slip past; call
 * `checkWrittenAddress` before each request, redirects included, since an address written in the URL is connected
 * to without a lookup. `allowedHosts` (exact host names or addresses, `[::1]` bracketed, each with a port or without:
 * src/domain/allowedHosts.ts) skip the check: for tests and a local emulator only.
 */
export class PublicAddressGuard {
  private readonly allowedHosts: readonly string[];

  constructor(allowedHosts: readonly string[]) {
    this.allowedHosts = allowedHosts.map((host) => host.toLowerCase());
  }

  /** The URL's host (and port, where the entry names one) is allowed. */
  isAllowedUrl(url: URL): boolean {
    return hostAllowed(url, this.allowedHosts);
  }

  /**
   * Throws AddressRefusedError when the URL's host is an address that is neither public nor allowed, or a listed name
   * on a port its entries do not name: the DNS lookup below sees no port, so it is refused here, before any lookup.
   */
  checkWrittenAddress(url: URL): void {
    if (this.isAllowedUrl(url)) return;
    if (hostnameListed(url.hostname, this.allowedHosts)) throw new AddressRefusedError(`${url.host} is not an allowed port`);
    const address = url.hostname.replace(/^\[(.*)\]$/, "$1");
    if (isIP(address) && !isPublicAddress(address)) throw new AddressRefusedError(`${address} is not public`);
  }

  /** A DNS lookup that fails when any address of a host that is not allowed is not public. */
  readonly lookup = (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!hostnameListed(hostname, this.allowedHosts) && addresses.some((entry) => !isPublicAddress(entry.address))) {
        return callback(new AddressRefusedError(`${hostname} resolves to an address that is not public`), []);
      }
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      if (!first) return callback(new AddressRefusedError(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}
