/**
 * Whether a URL's host is on an allow-list of exact hosts ("127.0.0.1", "[::1]", "emulator.internal") or of hosts with
 * a port ("127.0.0.1:8081"). An entry with a port lets that port through only, so allowing a local emulator does not
 * also open every other service listening on that machine. Entries are lower case (the configuration lowers them).
 */
export function hostAllowed(url: URL, allowed: readonly string[]): boolean {
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  return allowed.some((entry) => entry === host || entry === hostname);
}

/** Whether any entry names this host name, with a port or without: a DNS name the allow-list speaks for. */
export function hostnameListed(hostname: string, allowed: readonly string[]): boolean {
  const lowered = hostname.toLowerCase();
  return allowed.some((entry) => entry === lowered || (entry.startsWith(`${lowered}:`) && /^\d+$/.test(entry.slice(lowered.length + 1))));
}
