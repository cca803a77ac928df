/**
 * The links between the project's Markdown documents: every relative link names a file that
 * exists, and every `#anchor` a heading of its target, slugged as GitHub slugs them (github-slugger),
 * so a renamed heading or a moved page cannot leave a dead link behind (tests/docs.test.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import GithubSlugger from "github-slugger";
import { type Token, lexer, walkTokens } from "marked";

export interface BrokenLink {
  file: string;
  href: string;
  problem: string;
}

function linksOf(tokens: Token[]): string[] {
  const hrefs: string[] = [];
  walkTokens(tokens, (token) => {
    if (token.type === "link" || token.type === "image") hrefs.push(token.href);
  });
  return hrefs;
}

/** The anchors of a Markdown file's headings, as GitHub makes them (a repeated heading gets -1, -2…). */
export function headingAnchors(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  walkTokens(lexer(markdown), (token) => {
    if (token.type === "heading") anchors.add(slugger.slug(plainText(token.tokens ?? [])));
  });
  return anchors;
}

function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => ("tokens" in token && token.tokens ? plainText(token.tokens) : "text" in token ? token.text : ""))
    .join("");
}

/** Links of these files (paths relative to root) that lead nowhere. */
export function brokenLinks(root: string, files: readonly string[]): BrokenLink[] {
  const anchorsByFile = new Map<string, Set<string>>();
  const anchorsOf = (file: string) => {
    let anchors = anchorsByFile.get(file);
    if (!anchors) {
      anchors = headingAnchors(readFileSync(path.join(root, file), "utf8"));
      anchorsByFile.set(file, anchors);
    }
    return anchors;
  };
  const broken: BrokenLink[] = [];
  for (const file of files) {
    for (const href of linksOf(lexer(readFileSync(path.join(root, file), "utf8")))) {
      // Addresses of other sites, and of the generated site's own pages in examples, are not files here.
      if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("/")) continue;
      const [target = "", anchor] = href.split("#", 2) as [string, string | undefined];
      const targetFile = target
        ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(target)))
        : file;
      if (!existsSync(path.join(root, targetFile))) {
        broken.push({ file, href, problem: `${targetFile} does not exist` });
        continue;
      }
      if (anchor && targetFile.endsWith(".md") && !anchorsOf(targetFile).has(decodeURIComponent(anchor)))
        broken.push({ file, href, problem: `${targetFile} has no heading whose anchor is #${anchor}` });
    }
  }
  return broken;
}
