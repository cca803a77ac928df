import { createHash } from "node:crypto";
import path from "node:path";
import { z } from "zod";
import { isPortfolioError, portfolioError } from "../errors.js";
import { parseFields, problemsFromZod } from "../validate.js";
import { readFileNoFollow, writeFileNoFollow } from "./no-follow.js";

/**
 * `portfolio-site.json`, beside the config: which format the site's files are written in, which of
 * the engine's default files the owner has copied to change (with the version and the text of the
 * default they started from), and what `portfolio import` last wrote into content/ (so that
 * `import --force` replaces only that, never an owner's edit). `portfolio init` writes it,
 * `portfolio upgrade`, `portfolio eject` and `portfolio import` keep it; the owner commits it and
 * never needs to edit it.
 */
export const siteRecordFile = "portfolio-site.json";

/**
 * The format the engine writes and reads without deprecation warnings. Each change to what the
 * config or content files accept raises it by one and ships a migration from the format before.
 * Format 1 is every site made before this record existed (0.1.x).
 */
export const currentFormat = 2;

const overrideSchema = z
  .strictObject({
    /** The engine's version whose default this file was copied from. */
    from: z.string().min(1),
    /** sha256 (hex) of the default as it was copied, to tell whether the engine's default changed since. */
    sha256: z.string().regex(/^[0-9a-f]{64}$/, "expected a sha256 in hex"),
    /**
     * The default's text as it was copied: the base of the three-way merge that carries a later
     * change of the default into the owner's copy, and the "before" of the diff that shows it.
     */
    text: z.string(),
  })
  .refine((override) => sha256(override.text) === override.sha256, {
    path: ["sha256"],
    message: "does not match text: the record was edited by hand",
  });

export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/** The record of a default copied now, from this engine's version. */
export function overrideOf(text: string, version: string): SiteOverride {
  return { from: version, sha256: sha256(text), text };
}

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, "expected a sha256 in hex");

/**
 * A field this engine does not know (one a later version added) is read past and written back as
 * it was: the record stays readable by older and newer engines alike.
 */
const siteRecordSchema = z.looseObject({
  $comment: z.string().optional(),
  format: z.number().int().min(1),
  /** Keyed by the file's path from the site's folder, with forward slashes: `templates/page.html`. */
  overrides: z.record(z.string(), overrideSchema).default({}),
  /**
   * Components the owner wraps (`portfolio eject --wrap`): their file renders the engine's default,
   * whatever it becomes, so `upgrade` has nothing to merge into it.
   */
  wrapped: z.array(z.string()).default([]),
  /**
   * The content files portfolio wrote (`init`'s draft or sample, `import`), by the file's path from
   * the site's folder (`content/about.md`): the sha256 (hex) of its text as written. A file whose
   * text still has that hash is `import --force`'s to replace; any other is the owner's.
   */
  written: z.record(z.string(), sha256Hex).default({}),
});

export type SiteOverride = z.infer<typeof overrideSchema>;
export interface SiteRecord {
  format: number;
  overrides: Record<string, SiteOverride>;
  wrapped: string[];
  /** What `portfolio import` wrote (see the schema); none when left out. */
  written?: Record<string, string>;
  /** Fields of a later engine's, kept as they were. */
  later?: Record<string, unknown>;
}

const knownFields = new Set(["$comment", "format", "overrides", "wrapped", "written"]);

const comment =
  "Written by portfolio (init, upgrade, eject, import): the format this site's files are in, where each file copied from the engine's defaults came from, and what import wrote. Commit it; there is no need to edit it.";

/**
 * The site's record, or format 1 with no overrides when the site has none (a site from before 0.2).
 * Read and written without following a symbolic link (no-follow.ts): a record that is a link is
 * refused, so `eject` and `upgrade` never write a file where it leads.
 */
export async function readSiteRecord(
  root: string,
): Promise<SiteRecord & { written: Record<string, string>; found: boolean }> {
  const file = path.join(root, siteRecordFile);
  const text = await readFileNoFollow(root, file).catch((error: NodeJS.ErrnoException) => {
    if (isPortfolioError(error)) throw error;
    throw portfolioError("SiteRecordInvalid", [siteRecordFile, `cannot be read: ${error.message}`]);
  });
  if (text === undefined) return { format: 1, overrides: {}, wrapped: [], written: {}, found: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw portfolioError("SiteRecordInvalid", [siteRecordFile, `is not valid JSON: ${(error as Error).message}`]);
  }
  const result = parseFields(siteRecordSchema, parsed);
  if (!result.success) {
    const first = problemsFromZod(result.error)[0];
    throw portfolioError("SiteRecordInvalid", [
      siteRecordFile,
      first ? `${first.field}: ${first.problem}` : "is not valid",
    ]);
  }
  if (result.data.format > currentFormat)
    throw portfolioError("SiteFormatTooNew", [siteRecordFile, result.data.format, currentFormat]);
  const { format, overrides, wrapped, written } = result.data;
  const later = Object.fromEntries(Object.entries(result.data).filter(([key]) => !knownFields.has(key)));
  return { format, overrides, wrapped, written, ...(Object.keys(later).length ? { later } : {}), found: true };
}

/** The record as JSON text, keys in a stable order, so its diffs stay small. */
export function siteRecordText(record: SiteRecord): string {
  const overrides = sortedByKey(record.overrides);
  // Written only when there are any, so a record without wrapped components or imports reads as it always has.
  const wrapped = record.wrapped.length ? { wrapped: [...record.wrapped].sort() } : {};
  const written = Object.keys(record.written ?? {}).length ? { written: sortedByKey(record.written ?? {}) } : {};
  const fields = { ...record.later, $comment: comment, format: record.format, overrides, ...wrapped, ...written };
  return `${JSON.stringify(fields, null, 2)}\n`;
}

function sortedByKey<T>(map: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(map).sort(([a], [b]) => a.localeCompare(b)));
}

export async function writeSiteRecord(root: string, record: SiteRecord): Promise<void> {
  await writeFileNoFollow(root, path.join(root, siteRecordFile), siteRecordText(record));
}

/**
 * The content files of a new site (`init`'s draft or sample, the repository's own sample), by path,
 * as the record's `written` keeps them: until the owner changes one, `portfolio import --force` may
 * replace it.
 */
export function contentWrittenOf(files: ReadonlyArray<{ path: string; contents: Buffer }>): Record<string, string> {
  return Object.fromEntries(
    files
      .filter((file) => file.path.startsWith("content/") && file.path.endsWith(".md"))
      .map((file) => [file.path, sha256(file.contents.toString("utf8"))]),
  );
}
