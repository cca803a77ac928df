/**
 * The origins a page's Content-Security-Policy may name besides its own. A policy is a list of
 * words separated by spaces and directives separated by `;`, and a source may hold a `*`: a host
 * written into it as text can widen it (`https://*`) or end the directive and start another. So a
 * policy only ever receives an origin made here, by the URL parser, from an https address whose
 * host is a plain host name.
 */

declare const cspOriginBrand: unique symbol;

/** `https://host[:port]`, as the URL parser writes it: nothing a policy could read as more than one origin. */
export type CspOrigin = string & { readonly [cspOriginBrand]: true };

/**
 * A DNS host name (or IPv4 address): labels of letters, digits and
 * inner hyphens, as the URL parser leaves them (lower case, punycode).
 */
const hostName = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The origin of an https address whose host is a plain host name; undefined for anything else. */
export function httpsOrigin(address: string): CspOrigin | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" || url.username || url.password || !hostName.test(url.hostname)) return undefined;
  return url.origin as CspOrigin;
}

/**
 * The origin of an address the config schema has already accepted (or a constant of the code): a
 * value that is not one is a bug, and never reaches a policy.
 */
export function cspOrigin(address: string): CspOrigin {
  const origin = httpsOrigin(address);
  if (!origin) throw new Error(`${JSON.stringify(address)} is not an https address of a host name`);
  return origin;
}
