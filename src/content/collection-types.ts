// What a row of the collections table is (collections.ts), and what its files become once read.
import type { z } from "zod";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { FieldProblem } from "../errors.js";
import type { RenderedMarkdown } from "./markdown.js";
import type { OwnerFieldValues } from "./owner-fields.js";

/** Where a collection's files are, inside content/: one file, or a folder of Markdown files (one entry each). */
export type CollectionSource = { file: string; required: boolean } | { folder: string };

/** A content file, validated, with its Markdown body rendered. */
export interface ParsedEntry<T> {
  /** Path relative to the project folder, as error messages show it. */
  file: string;
  /**
   * The file name without `.md` (and without a language, translations.ts): the
   * entry's id in the page and, for posts, projects and pages, its address.
   */
  slug: string;
  /** The language of its text: the default language's, or the one its file name gives (`atlas.pt.md`). */
  lang: string;
  data: T;
  /** The values of the owner's own fields (the config's `fields`): `{}` when it declares none for the folder. */
  fields: OwnerFieldValues;
  /**
   * The body as HTML, and as plain text (markdownToText) for excerpts
   * and reading time: made once with the HTML and cached with it.
   */
  body: RenderedMarkdown & { text: string };
  /** A project's `video` drawn as its `::video` (content/project-video.ts), shown before its text. */
  videoHtml?: string | undefined;
}

/** A problem a collection finds across its entries or against the config, with the file it belongs to. */
export interface EntryProblem {
  file: string;
  problems: FieldProblem[];
}

export interface ShapeContext {
  config: ResolvedConfig;
  /** Keep posts marked `draft: true`. */
  drafts: boolean;
}

export interface Collection<S extends z.ZodType = z.ZodType, Out = unknown> {
  source: CollectionSource;
  schema: S;
  /** Texts with a page of their own (posts, projects, pages) get ids on their headings, for links into them. */
  headingIds: boolean;
  /**
   * Posts, projects and pages: an entry without a translation is left out of a language's pages
   * when the config says `untranslated: "hide"` (the About page and the Resume always fall back).
   */
  item?: boolean;
  /** Entries left out of the site (drafts, unless asked for): their links are not checked either. */
  keep?: (entry: ParsedEntry<z.output<S>>, context: ShapeContext) => boolean;
  /** What the schema alone cannot check: names against the config's lists, clashes between entries. */
  check?: (entries: Array<ParsedEntry<z.output<S>>>, config: ResolvedConfig) => EntryProblem[];
  /** What the owner should change but that does not stop the build, each naming its file. */
  warnings?: (entries: Array<ParsedEntry<z.output<S>>>) => string[];
  /** The kept entries as the pages use them, in the order the pages show them. */
  shape: (entries: Array<ParsedEntry<z.output<S>>>, context: ShapeContext) => Out;
}

/** Declares a row with its types inferred from its schema and its shape. */
export function collection<S extends z.ZodType, Out>(row: Collection<S, Out>): Collection<S, Out> {
  return row;
}
