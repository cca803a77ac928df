/** What a request asks the static server for, once checked. */
export type RequestTarget =
  | {
      kind: "file" /** Decoded path inside the output folder, starting with "/". */;
      sitePath: string;
      query: string | undefined;
    }
  | { kind: "refused"; status: 400 | 404 | 414; reason: string };

/** Longer than any path the site has; a request past it is refused before any file is looked up. */
export const maxPathLength = 2048;

/**
 * Turns a request's URL into a path inside the site, or refuses it. The server is reachable from any
 * page its owner visits, so nothing a request holds may crash it or reach outside the output folder:
 * malformed percent-encoding, NUL bytes, backslashes and `.`/`..` segments (in any encoding) are
 * refused outright rather than normalised.
 */
export function resolveRequest(rawUrl: string, base: string): RequestTarget {
  if (rawUrl.length > maxPathLength) return refuse(414, "the address is too long");
  const queryAt = rawUrl.indexOf("?");
  const pathname = queryAt === -1 ? rawUrl : rawUrl.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : rawUrl.slice(queryAt + 1);
  if (!pathname.startsWith("/")) return refuse(400, "the address is not a path");
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return refuse(400, "the address has a % that is not followed by two hex digits");
  }
  // Decoding once more finds `%252e%252e`, which a second decoder somewhere else would turn into `..`.
  const twice = safeDecode(decoded);
  for (const text of [decoded, twice]) {
    if (/[\0\\]/.test(text)) return refuse(400, "the address holds a NUL byte or a backslash");
    if (text.split("/").some((segment) => segment === ".." || segment === "."))
      return refuse(400, "the address holds a . or .. segment");
  }
  // To a browser, a path that starts with two slashes (`//evil.example/`, or `/%2F%2Fevil/` once
  // decoded) is the address of another host: a redirect made from it would leave the site. Runs of
  // slashes are collapsed here, where every request enters, so no path the server works with has one.
  decoded = decoded.replace(/\/{2,}/g, "/");
  if (base !== "/") {
    if (decoded === base.slice(0, -1)) return { kind: "file", sitePath: "/", query };
    if (!decoded.startsWith(base)) return refuse(404, "the address is outside the site's base path");
    decoded = `/${decoded.slice(base.length)}`;
  }
  return { kind: "file", sitePath: decoded, query };
}

/** The path in the form http-server decodes: every segment percent-encoded once. */
export function encodeSitePath(sitePath: string): string {
  return sitePath
    .split("/")
    .map((segment) => encodeURIComponent(segment))
    .join("/");
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function refuse(status: 400 | 404 | 414, reason: string): RequestTarget {
  return { kind: "refused", status, reason };
}
