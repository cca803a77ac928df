import path from "node:path";
import mimeDb from "mime-db";

/**
 * How a file of public/ is treated, decided the way static hosts decide its Content-Type: by its
 * extension. GitHub Pages takes its types from mime-db (the same data `mime`, and so
 * `portfolio serve`, is made from), so an extension means here what it means there.
 * - `script`: runs wherever it is served from (JavaScript, WebAssembly).
 * - `html`, `xml`: a browser renders it as a document that could run script; its markup is checked.
 * - `unchecked-document`: a browser could open it as a document this build cannot check.
 * - `known`: any other type a host names (images, fonts, PDF, text, JSON...): shown or downloaded.
 * - `unknown`: no type: hosts send application/octet-stream, but one that sends none lets the
 *   browser sniff, so its first bytes are looked at.
 */
export type PublicFileKind = "script" | "html" | "xml" | "unchecked-document" | "known" | "unknown";

export interface PublicFileType {
  kind: PublicFileKind;
  /** The media type a host sends, the most dangerous first when the extension has several. */
  mediaType: string | undefined;
}

/** Extensions browsers render as XML that a host might map though mime-db does not (XBL had no registered type). */
const extraTypes: Record<string, string> = { xbl: "application/xml" };

const typesByExtension = indexByExtension();

function indexByExtension(): Map<string, string[]> {
  const index = new Map<string, string[]>();
  for (const [type, entry] of Object.entries(mimeDb)) {
    for (const extension of entry.extensions ?? []) index.set(extension, [...(index.get(extension) ?? []), type]);
  }
  for (const [extension, type] of Object.entries(extraTypes))
    index.set(extension, [...(index.get(extension) ?? []), type]);
  return index;
}

const kindOrder: PublicFileKind[] = ["script", "unchecked-document", "html", "xml", "known"];

export function publicFileType(file: string): PublicFileType {
  const extension = path.posix.extname(file).slice(1).toLowerCase();
  const types = extension ? typesByExtension.get(extension) : undefined;
  if (!types) return { kind: "unknown", mediaType: undefined };
  const kinds = types.map((type) => ({ kind: kindOfType(type), mediaType: type }));
  return kinds.sort((a, b) => kindOrder.indexOf(a.kind) - kindOrder.indexOf(b.kind))[0]!;
}

/** What a browser does with a response of this type, opened at the top level. */
export function kindOfType(mediaType: string): PublicFileKind {
  const [type = "", subtype = ""] = mediaType.toLowerCase().split("/");
  if (/(java|ecma|j|vb)script/.test(subtype) || mediaType === "application/node" || mediaType === "application/wasm")
    return "script";
  if (mediaType === "text/html") return "html";
  // Chromium renders `*/xml` and `*/*+xml` as XML documents, scripts and all; Firefox text/mathml too.
  if (
    subtype === "xml" ||
    subtype.endsWith("+xml") ||
    mediaType === "text/mathml" ||
    subtype === "xml-dtd" ||
    subtype.endsWith("xml-external-parsed-entity")
  )
    return "xml";
  // MHTML archives and Flash are documents with their own scripting, which nothing here can read.
  if (type === "message" || type === "multipart" || subtype === "x-shockwave-flash") return "unchecked-document";
  return "known";
}
