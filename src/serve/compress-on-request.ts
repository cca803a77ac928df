import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

/** The text files of a site, and the type each is sent with. */
const textTypes: Record<string, string> = {
  html: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  json: "application/json; charset=utf-8",
  webmanifest: "application/manifest+json; charset=utf-8",
  svg: "image/svg+xml; charset=utf-8",
  xml: "application/xml; charset=utf-8",
  txt: "text/plain; charset=utf-8",
};

type Encoding = "br" | "gzip";

interface Compressed {
  /** The file's identity when it was compressed: a rebuild that changes it compresses it again. */
  version: string;
  bodies: Partial<Record<Encoding, Promise<Buffer>>>;
}

/**
 * Answers a request for a text file with a Brotli or gzip copy made on the first request, as GitHub
 * Pages, Netlify and Cloudflare Pages do, when the browser accepts one and the build wrote none
 * (`portfolio build --precompress` writes them, and http-server sends those as they are). False
 * leaves the request to http-server.
 */
export type CompressOnRequest = (
  request: IncomingMessage,
  response: ServerResponse,
  file: string,
  headers: { cacheControl: string; rules: Array<[string, string]> },
) => Promise<boolean>;

/** One per server: the copies are kept in memory by file, and made again when the file changes. */
export function compressOnRequest(): CompressOnRequest {
  const copies = new Map<string, Compressed>();
  return async (request, response, file, headers) => {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const type = textTypes[path.extname(file).slice(1).toLowerCase()];
    const encoding = acceptedEncoding(request.headers["accept-encoding"]);
    if (!type || !encoding) return false;
    if (existsSync(`${file}.br`) || existsSync(`${file}.gz`)) return false;
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return false;
    const version = `${info.size}-${info.mtimeMs}`;
    const etag = `W/"${version}-${encoding}"`;
    let entry = copies.get(file);
    if (entry?.version !== version) {
      entry = { version, bodies: {} };
      copies.set(file, entry);
    }
    const commonHeaders = {
      ...Object.fromEntries(headers.rules),
      "content-type": type,
      "cache-control": headers.cacheControl,
      vary: "Accept-Encoding",
      etag,
      "last-modified": info.mtime.toUTCString(),
    };
    if (request.headers["if-none-match"] === etag) {
      response.writeHead(304, commonHeaders);
      response.end();
      return true;
    }
    const made =
      entry.bodies[encoding] ??
      readFile(file).then((contents) =>
        encoding === "br"
          ? brotli(contents, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
          : gzip(contents, { level: 6 }),
      );
    entry.bodies[encoding] = made;
    const body = await made.catch(() => undefined);
    if (!body) {
      delete entry.bodies[encoding];
      return false;
    }
    response.writeHead(200, { ...commonHeaders, "content-encoding": encoding, "content-length": body.byteLength });
    response.end(request.method === "HEAD" ? undefined : body);
    return true;
  };
}

/** Brotli when the browser takes it, else gzip; none when it asks for neither (or refuses both with q=0). */
function acceptedEncoding(header: string | string[] | undefined): Encoding | undefined {
  const accepted = new Map(
    (Array.isArray(header) ? header.join(",") : (header ?? "")).split(",").map((part) => {
      const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
      const quality = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
      return [name.trim(), quality === undefined ? 1 : Number(quality)] as const;
    }),
  );
  for (const encoding of ["br", "gzip"] as const) if ((accepted.get(encoding) ?? 0) > 0) return encoding;
  return undefined;
}
