import { BlockList, isIP } from "node:net";
import { networkInterfaces } from "node:os";

/**
 * Which `Host` a server of `portfolio serve` or `dev` answers. A page of any site can point its own
 * name at 127.0.0.1 (DNS rebinding) and then read the local server as same-origin: the dev event
 * stream with its build errors, the drafts. Such a request still says the attacker's name in its
 * Host header, so only names that cannot be rebound are answered.
 */
export interface HostPolicy {
  /** The address the server was bound to, as given with --host. */
  bound: string;
  /** The IP addresses of this machine's interfaces (asked only for a bind beyond loopback). */
  machineAddresses: string[] | (() => string[]);
  /** Names the owner allowed with --allowed-host, such as a LAN name. */
  allowedHosts: readonly string[];
}

const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** The name of a Host header without its port, lower-case, or undefined when it is not one. */
export function hostName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const bracketed = /^\[([0-9a-f:.]+)\](?::\d{1,5})?$/i.exec(header);
  if (bracketed) return isIP(bracketed[1]!) === 6 ? bracketed[1]!.toLowerCase() : undefined;
  const plain = /^([a-z0-9_.-]+?)\.?(?::\d{1,5})?$/i.exec(header);
  return plain ? plain[1]!.toLowerCase() : undefined;
}

/** An address or name as given to --host or --allowed-host, in the form `hostName` answers. */
function normalise(name: string): string {
  return name
    .trim()
    .replace(/^\[(.*)\]$/, "$1")
    .replace(/\.$/, "")
    .toLowerCase();
}

function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && loopback.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** `localhost` and `*.localhost` always mean this machine: browsers resolve them without DNS. */
function isLoopbackName(name: string): boolean {
  return name === "localhost" || name.endsWith(".localhost") || isLoopbackAddress(name);
}

/** True for a name or address that reaches this machine only: a server bound to it, or a URL's host. */
export function isLoopbackHost(host: string): boolean {
  return isLoopbackName(normalise(host));
}

export function hostAllowed(header: string | undefined, policy: HostPolicy): boolean {
  const name = hostName(header);
  if (name === undefined) return false;
  if (isLoopbackName(name)) return true;
  if (name === normalise(policy.bound) || policy.allowedHosts.some((allowed) => normalise(allowed) === name))
    return true;
  if (isIP(name) === 0 || isLoopbackHost(policy.bound)) return false;
  const addresses = typeof policy.machineAddresses === "function" ? policy.machineAddresses() : policy.machineAddresses;
  return addresses.some((address) => normalise(address) === name);
}

/** Every IP address of this machine's interfaces, asked anew (a laptop changes networks). */
export function machineAddresses(): string[] {
  return Object.values(networkInterfaces()).flatMap((entries) => (entries ?? []).map((entry) => entry.address));
}
