import type { LoadConfigOptions } from "../config/load-config.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { CacheMemory, DeferredCacheWrites } from "../cache/cache-store.js";
import type { FieldProblem } from "../errors.js";
import type { GitHubMemo } from "../integrations/load-github.js";
import type { OutputFile } from "../output-file.js";
import type { RememberedTexts } from "../project/project-files.js";
import type { RenderedPage } from "../render/render-page.js";
import type { KeptDrawer } from "../theme/post-card-thread.js";
import type { ReferencesMemo } from "./check-links.js";
import type { RouteReport } from "./measure-sizes.js";

export interface BuildOptions extends LoadConfigOptions {
  /** Output folder. @default "dist" beside the config */
  outDir?: string;
  /** Include posts marked `draft: true`, shown as drafts and kept out of search engines. @default false */
  drafts?: boolean;
  /**
   * False for `portfolio check`: every stage runs and every check is made, but nothing is written,
   * neither the output nor the build cache. @default true
   */
  write?: boolean;
  /**
   * Gzip and Brotli copies of the text files, for a server that sends them as they are (nginx's
   * `gzip_static`); GitHub Pages, Netlify and Cloudflare Pages compress on their own. @default false
   */
  precompress?: boolean;
  /**
   * The size of what each route downloads, for the summary table; `portfolio dev` and `cv` print none. @default true
   */
  measure?: boolean;
  /**
   * For `portfolio dev`: bring the output up to date in place, writing only what changed, instead of
   * writing a new folder and swapping it in. @default false
   */
  update?: boolean;
  /**
   * For `portfolio cv`, which prints the CV from this build: the file `cv.file` names need not
   * exist yet, and links to it count as links to a file of the site. @default false
   */
  cvPending?: boolean;
  /**
   * The host the output is published on: Netlify, Cloudflare Pages and Vercel serve it at the
   * domain's root, so a site under a base path is written into a folder of that name inside the
   * output, with the host's own files at the top (render/published-layout.ts). Other hosts, or
   * none: the output is the site, served at its base. A name of `portfolio check --host`'s list
   * (deploy/host-rules.ts). @default undefined
   */
  host?: string | undefined;
  /** Told as each stage of the build starts, for progress on a terminal and for the benchmark's breakdown. */
  onStage?: (stage: BuildStage) => void;
}

/**
 * What a build leaves for the next one of the same process: `portfolio dev`'s memory, given beside
 * the options (`buildSite(options, memo)`), which say what a build makes; no other command keeps one.
 * Create one with `{ pages: new Map() }`.
 */
export interface BuildMemo {
  /** Rendered pages, by a digest of what each was rendered from (render-pages.ts). */
  pages: ReadonlyMap<string, RenderedPage>;
  /** The digests of the long texts the pages were rendered from, by text (render-pages.ts). */
  textDigests?: ReadonlyMap<string, string> | undefined;
  /**
   * The digests of the content's entries, by the entry (render-pages.ts): an entry a cache kept is the same
   * object from one build to the next (a publication of an unchanged .bib), and is digested once.
   */
  entryDigests?: WeakMap<object, string> | undefined;
  /** Each page's characters beyond ASCII, by its HTML, for the font subsets the pages use (theme/font-faces.ts). */
  pageCharacters?: ReadonlyMap<string, string> | undefined;
  /** The drawer of the share cards of posts and publications, by what it paints with (theme/share-card.ts). */
  cardDrawer?: KeptDrawer | undefined;
  /** The whole documents of the previous build, by their page's key and everything else they are made from. */
  documents?: ReadonlyMap<string, KeptDocument> | undefined;
  /** The references found in each page, by its text, for the link check (check-links.ts). */
  references?: ReadonlyMap<string, string[]> | undefined;
  /** The pages the last link check found whole, and the site's files then (check-links.ts). */
  wholePages?: ReferencesMemo["whole"];
  /** The last search index made, by a digest of its documents. */
  search?: { key: string; files: OutputFile[] } | undefined;
  /**
   * Given by `portfolio dev`: a build whose search index changed does not wait for it, and this is
   * called once it is made (or failed), to build again with it. Without it, every build waits.
   */
  onSearchIndexed?: (() => void) | undefined;
  /** Every search index still being made after its build finished, for `portfolio dev` to wait for as it closes. */
  searchIndexing?: Promise<unknown> | undefined;
  /**
   * Given by `portfolio dev`: runs work the build leaves for after its pages have been shown (the
   * open pages have fetched them), so that it does not delay them. Dropped when the build fails.
   */
  afterShown?: ((work: () => void) => void) | undefined;
  /** The latest build's request for a search index left for after its pages were shown. */
  searchRequest?: object | undefined;
  /** The content files' texts, with what identified each file when it was read (project-files.ts). */
  contentTexts?: RememberedTexts["previous"] | undefined;
  /** Each content text's cache key, with the collection, file and base path it was made for (load-content.ts). */
  contentKeys?: ReadonlyMap<string, { id: string; key: string }> | undefined;
  /** The résumé's entries found valid against JSON Resume's schema, by section and JSON (render-resume-json.ts). */
  resumeEntries?: ReadonlyMap<string, true> | undefined;
  /** Whether each page shows a formula, by its HTML (math-assets.ts). */
  showingMath?: ReadonlyMap<string, boolean> | undefined;
  /** The generated XML files found well-formed, by their text (check-generated-xml.ts). */
  wellFormedXml?: ReadonlyMap<string, true> | undefined;
  /** What the check of public/ found in each HTML and XML file, by its name and bytes (public/check-public-file.ts). */
  publicChecks?: ReadonlyMap<string, FieldProblem[]> | undefined;
  /** Given by `portfolio dev`: the caches' files to write once the build has shown its pages (cache-store.ts). */
  cacheWrites?: DeferredCacheWrites | undefined;
  /** The build caches as the last build left them, verified and read (cache-store.ts). */
  caches?: CacheMemory | undefined;
  /** GitHub's answers, asked for once a session while the config asks for the same. */
  github?: GitHubMemo | undefined;
}

export type BuildStage =
  | "config"
  | "content"
  | "images"
  | "cards"
  | "render"
  | "bundle"
  | "search"
  | "check"
  | "compress"
  | "write";

export interface BuildResult {
  outDir: string;
  /** The config in the default language. */
  config: ResolvedConfig;
  /** The config in each language of the site, the default first. */
  languages: ResolvedConfig[];
  /** Sizes per route, for the summary table; empty when not measured (`portfolio dev`, `cv`, `check`). */
  routes: RouteReport[];
  /** Pages rendered. */
  pageCount: number;
  /** The stylesheet's path in the output (content-hashed). */
  stylesheet: string;
  /**
   * A digest of every page with the stylesheet's name left out: when it is unchanged and only the
   * stylesheet changed, `portfolio dev` swaps the stylesheet instead of reloading the page.
   */
  pagesDigest: string;
  fileCount: number;
  durationMs: number;
  warnings: string[];
  /** True when every input was as the previous build found it and its output was untouched: nothing was written. */
  unchanged: boolean;
}

/**
 * A document's digests: of its page without the stylesheet's name, and in `portfolio dev` of its
 * bytes (for the output's manifest).
 */
export interface DocumentDigests {
  page: string;
  file?: string | undefined;
}

/**
 * A document as what the build needs of it once it is made: the bytes to write, the references the
 * link check follows, the replaced originals of public/ it names (which are then copied as well),
 * and its digests. Its text is not kept: at a thousand posts, the documents held as text until the
 * write (two bytes a character, as one "…" makes a string) were the largest part of a build's memory.
 */
export interface KeptDocument {
  bytes: Uint8Array;
  references: string[];
  originals: string[];
  digests: DocumentDigests;
}
