import { createHash } from "node:crypto";
import { open, readFile } from "node:fs/promises";
import type { FieldProblem } from "../../errors.js";
import { keep, lastKept, type KeptResults } from "../../kept-results.js";
import { htmlProblems } from "./check-html.js";
import { xmlProblems, type Finding } from "./check-xml.js";
import { byteOrderMark, decodeHtml, decodeXml, type Decoded } from "./decode-markup.js";
import { publicFileType } from "../../project/media-type.js";

const refuse = (problem: string): FieldProblem[] => [{ field: "", problem }];

/**
 * What stops one file of public/ from being published as it is, if anything. Its type is the one
 * a host would send for its extension; every type a browser renders as a document is parsed and
 * checked, script is refused, and a file no host has a type for must not look like markup.
 */
export async function publicFileProblems(
  file: string,
  real: string,
  checked?: CheckedMarkup | undefined,
): Promise<FieldProblem[]> {
  const { kind, mediaType } = publicFileType(file);
  if (kind === "script")
    return refuse(
      "is a script: public/ is published as it is, and a script there would run on your site. Client code belongs in src/islands/.",
    );
  if (kind === "unchecked-document")
    return refuse(
      `is a ${mediaType} document, which a browser could open with its own scripts and public/ cannot check`,
    );
  if (/\.svgz$/i.test(file))
    return refuse("is a compressed SVG, which cannot be checked for scripts: publish it as a plain .svg");
  if (kind === "known") return [];
  if (kind === "unknown") return (await looksLikeMarkup(real)) ? refuse(unknownMarkup) : [];
  const bytes = await readFile(real);
  if (!checked) return markupProblems(kind, mediaType, bytes);
  const key = `${file}\0${createHash("sha256").update(bytes).digest("base64url")}`;
  return keep(checked, key, lastKept(checked, key) ?? (await markupProblems(kind, mediaType, bytes)));
}

/**
 * `portfolio dev`'s record of the markup files checked by the previous build and this one, by name
 * and bytes: a save parses again only the files it changed.
 */
export type CheckedMarkup = KeptResults<string, FieldProblem[]>;

async function markupProblems(
  kind: "html" | "xml",
  mediaType: string | undefined,
  bytes: Buffer,
): Promise<FieldProblem[]> {
  const decoded: Decoded = kind === "html" ? decodeHtml(bytes) : decodeXml(bytes);
  if ("problem" in decoded) return refuse(decoded.problem);
  const findings =
    kind === "html"
      ? htmlProblems((await import("parse5")).parse, decoded.text)
      : xmlProblems(decoded.text, mediaType!);
  return findings.map(toFieldProblem);
}

const unknownMarkup =
  "has no type a host knows, so a host may let the browser guess one, and it starts like markup (<), which a browser would render as a page. Give it the extension of what it is (.html, .svg, .txt).";

/**
 * Whether a file without a known type starts as a browser sniffing it would take for HTML or XML:
 * a `<` after any spaces, or a UTF-16/32 byte-order mark (behind which nothing is checked).
 */
async function looksLikeMarkup(real: string): Promise<boolean> {
  const handle = await open(real, "r");
  try {
    const { buffer, bytesRead } = await handle.read({ buffer: Buffer.alloc(512), position: 0 });
    const start = buffer.subarray(0, bytesRead);
    const mark = byteOrderMark(start);
    if (mark && mark.encoding !== "utf-8") return true;
    return /^[\t\n\f\r ]*</.test(start.subarray(mark?.length ?? 0).toString("latin1"));
  } finally {
    await handle.close();
  }
}

function toFieldProblem({ line, problem }: Finding): FieldProblem {
  return { field: line === undefined ? "" : `line ${line}`, problem };
}
