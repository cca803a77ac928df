/**
 * One case of the bad-input corpus: changes made to a scratch copy of the sample site (which has
 * already been built once), then `portfolio build` is run over it.
 */
export interface BadInputCase {
  /** Unique, short, says what is broken: "blog date 2025-02-30". */
  name: string;
  /** The kind of input covered, for the count written on the issue. */
  kind: BadInputKind;
  /** Applied in order, paths relative to the project folder. */
  changes: Change[];
  /** Extra arguments to `portfolio build` (such as ["--base", "/a b/"]). */
  args?: string[];
  expect: Rejected | Builds;
}

export type BadInputKind =
  | "yaml"
  | "front-matter-engine"
  | "types"
  | "dates"
  | "categories"
  | "unknown-fields"
  | "missing-fields"
  | "empty-or-binary"
  | "filesystem"
  | "images"
  | "markdown"
  | "links"
  | "ids"
  | "base-path"
  | "config"
  | "template"
  | "injection";

/**
 * The build must end with exit 1, one error message, no stack trace, the previous output byte for
 * byte unchanged, and the message must contain `file` (as printed: "content/blog/a.md",
 * "portfolio.config.ts", "public/images/x.png", "templates/page.html") and `field` ("date",
 * "skills[0].percent", "site.base", "front matter", "body", "--base") when given.
 */
export interface Rejected {
  rejected: true;
  file?: string;
  field?: string;
}

/**
 * Injection that is valid content: the build must succeed, and opening each of `pages` (site paths:
 * "" for About, "works", "blogs", "resume", "contact", "404.html") in Chromium, and every dialog
 * of the page, must run nothing: no alert/confirm/prompt, `window.__pwned` stays undefined, no
 * request leaves the site, no CSP violation.
 */
export interface Builds {
  rejected: false;
  pages: string[];
}

export type Change =
  /** Write a UTF-8 text file (creating folders). */
  | { write: string; text: string }
  /** Write a binary file from base64. */
  | { write: string; base64: string }
  /** Replace text in an existing file (first match of a string, or every match of a /g regexp). */
  | { edit: string; find: string | RegExp; replace: string }
  | { remove: string }
  | { mkdir: string }
  /** A symbolic link at `symlink` pointing to `target` (absolute, or relative to the link's folder). */
  | { symlink: string; target: string }
  /** Copy a file of the site to another path of the site. */
  | { copy: string; to: string };
