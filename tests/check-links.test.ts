import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import {
  checkFolderLinks,
  checkLinks,
  pageReferences,
  type ReferencesMemo,
  type SiteToCheck,
} from "../src/pipeline/check-links.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

describe("the link check", () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(path.join(tmpdir(), "portfolio-links-"));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function site(files: Record<string, string>) {
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
      await writeFile(path.join(folder, file), text);
    }
  }

  it("accepts links to pages, folders and assets under the base path", async () => {
    await site({
      "index.html":
        '<a href="/base/works">w</a><a href="/base/works/">w/</a><a href="/base/">home</a><img src="/base/a.svg"><a href="#main">skip</a><a href="https://example.com/x">out</a><a href="mailto:a@b.c">mail</a>',
      "works.html": '<img srcset="/base/a.svg 1x, a.svg 2x">',
      "works/index.html": '<link rel="stylesheet" href="../assets/site.css">',
      "a.svg": "<svg/>",
      "assets/site.css": ".a{background:url(../a.svg)}",
      "assets/entry.js": 'import{a}from"./chunk.js";',
      "assets/chunk.js": "export const a=1;",
    });
    await expect(checkFolderLinks(folder, "/base/")).resolves.toBeUndefined();
  });

  it("lists every broken reference with the file it is in", async () => {
    await site({
      "index.html": '<a href="/base/nowhere">x</a><img src="/base/missing.webp"><a href="/elsewhere">y</a>',
      "assets/site.css": ".a{background:url(gone.png)}",
      "assets/entry.js": 'import"./chunk-missing.js";',
    });
    const error = await checkFolderLinks(folder, "/base/").then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.name).toBe("BrokenLinks");
    expect(error?.message).toContain("5 broken references");
    expect(error?.message).toContain("index.html: /base/nowhere (no such file)");
    expect(error?.message).toContain("index.html: /base/missing.webp (no such file)");
    expect(error?.message).toContain("index.html: /elsewhere (outside the base path /base/)");
    expect(error?.message).toContain("assets/site.css: gone.png (no such file)");
    expect(error?.message).toContain("assets/entry.js: ./chunk-missing.js (no such file)");
  });
});

describe("a build whose content links to a missing file", () => {
  let copy: SiteCopy;
  beforeEach(async () => {
    copy = await copySampleSite();
  });
  afterEach(async () => {
    await copy.remove();
  });

  it("fails listing the broken link and keeps the previous output", async () => {
    const first = await buildSite({ cwd: copy.root, env: {} });
    const before = await readFile(path.join(first.outDir, "index.html"), "utf8");
    const about = await copy.read("content/about.md");
    await copy.write(
      "content/about.md",
      `${about}\n\nSee [my talk slides](files/talk.pdf) and ![diagram](images/diagram.png).\n`,
    );
    const project = await copy.read("content/projects/sitelog.md");
    await copy.write("content/projects/sitelog.md", `${project}\n\n[The case study](case-studies/sitelog.pdf)\n`);
    const error = await buildSite({ cwd: copy.root, env: {} }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.name).toBe("BrokenLinks");
    // Named by the content file and line that hold them, not by the pages that show them.
    const lines = (text: string) => text.split("\n").length;
    expect(error?.message).toContain(
      `content/about.md is not valid:\n  - body (line ${lines(about) + 2}): files/talk.pdf leads nowhere (no such file)`,
    );
    expect(error?.message).toContain(
      `body (line ${lines(about) + 2}): images/diagram.png leads nowhere (no such file)`,
    );
    expect(error?.message).toContain(
      `content/projects/sitelog.md is not valid:\n  - body (line ${lines(project) + 2}): case-studies/sitelog.pdf leads nowhere`,
    );
    expect(error?.message).not.toMatch(/index\.html|works\.html/);
    expect(await readFile(path.join(first.outDir, "index.html"), "utf8")).toBe(before);
    expect(existsSync(path.join(copy.root, "dist"))).toBe(true);
  });

  it("keeps the previous output, and nothing beside it, when a rendered page's link leads nowhere", async () => {
    const first = await buildSite({ cwd: copy.root, env: {} });
    const before = await readFile(path.join(first.outDir, "index.html"), "utf8");
    // Found by the check of the rendered pages, once they have been written into the new output's folder.
    const shell = await readFile(path.join(import.meta.dirname, "..", "templates", "page.html"), "utf8");
    await copy.write("templates/page.html", shell.replace("{{body}}", '{{body}}<a href="/no-such-page">Gone</a>'));
    await expect(buildSite({ cwd: copy.root, env: {} })).rejects.toThrow(/no-such-page/);
    expect(await readFile(path.join(first.outDir, "index.html"), "utf8")).toBe(before);
    expect((await readdir(copy.root)).filter((name) => name.startsWith("dist."))).toEqual([]);
  });

  it("has finished all its work when it fails: nothing is written after it, not even the search index", async () => {
    await buildSite({ cwd: copy.root, env: {} });
    const searchCache = path.join(copy.root, ".portfolio", "cache", "search.bin");
    // What search finds changes (a new index to make, beside the build), and a link leads nowhere.
    const about = await copy.read("content/about.md");
    await copy.write("content/about.md", `${about}\n\nQuokkas, and [my slides](files/talk.pdf).\n`);
    const project = await copy.read("content/projects/sitelog.md");
    await copy.write("content/projects/sitelog.md", `${project}\n\nQuokkas everywhere.\n`);
    const error = await buildSite({ cwd: copy.root, env: {} }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.name).toBe("BrokenLinks");
    const after = (await stat(searchCache)).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await stat(searchCache)).mtimeMs).toBe(after);
  });
});

describe("the link check in portfolio dev", () => {
  const page = (links: string[]) =>
    `<!doctype html><html><body>${links.map((href) => `<a href="${href}">x</a>`).join("")}</body></html>`;
  /** "whole", or the check's message. */
  const outcome = (site: SiteToCheck, memo: ReferencesMemo) => {
    try {
      checkLinks(site, "/", memo);
      return "whole";
    } catch (error) {
      return (error as Error).message;
    }
  };
  const check = (files: string[], texts: SiteToCheck["texts"], memo: ReferencesMemo) =>
    outcome({ files: new Set(files), texts }, memo);
  const next = (memo: ReferencesMemo): ReferencesMemo => ({ previous: memo.next, next: new Map(), whole: memo.whole });

  it("takes an unchanged page for whole only while the site has exactly the same files", () => {
    const home = page(["about", "works/atlas"]);
    const first: ReferencesMemo = { previous: new Map(), next: new Map() };
    expect(
      check(["index.html", "about.html", "works/atlas.html"], [{ files: ["index.html"], text: home }], first),
    ).toBe("whole");
    expect(first.whole?.pages.get(home)).toBe("index.html");
    // A file it links to is gone: the unchanged page is checked again, and its broken link found.
    const second = next(first);
    expect(check(["index.html", "about.html"], [{ files: ["index.html"], text: home }], second)).toContain(
      "index.html: works/atlas (no such file)",
    );
    // With the same files, the page the last check found whole is not checked again (a link made broken
    // by hand in what the memo holds shows it); a page whose text changed is.
    const trusted = next(first);
    trusted.whole = { files: first.whole!.files, pages: new Map([[page(["gone"]), "index.html"]]) };
    expect(
      check(
        ["index.html", "about.html", "works/atlas.html"],
        [{ files: ["index.html"], text: page(["gone"]) }],
        trusted,
      ),
    ).toBe("whole");
    expect(
      check(
        ["index.html", "about.html", "works/atlas.html"],
        [{ files: ["index.html"], text: page(["lost"]) }],
        trusted,
      ),
    ).toContain("index.html: lost (no such file)");
    // The same text written to another file is checked from that file's address.
    expect(
      check(
        ["index.html", "about.html", "works/atlas.html"],
        [{ files: ["deep/index.html"], text: home }],
        next(first),
      ),
    ).toContain("deep/index.html: about (no such file)");
  });

  it("checks a page read as it was made by its references, and knows it again by its key", () => {
    const home = page(["about", "works/atlas"]);
    const made = { files: ["index.html"], references: pageReferences("index.html", home), key: "digest-1" };
    expect(made.references).toEqual(["about", "works/atlas"]);
    const run = (files: string[], memo: ReferencesMemo, pages = [made]) =>
      outcome({ files: new Set(files), texts: [], pages }, memo);
    const first: ReferencesMemo = { previous: new Map(), next: new Map() };
    expect(run(["index.html", "about.html", "works/atlas.html"], first)).toBe("whole");
    expect(run(["index.html", "about.html"], next(first))).toContain("index.html: works/atlas (no such file)");
    // Found whole by its key while the files are the same: its references are not followed again.
    const trusted = next(first);
    const broken = { ...made, references: ["gone"] };
    expect(run(["index.html", "about.html", "works/atlas.html"], trusted, [broken])).toBe("whole");
    expect(
      run(["index.html", "about.html", "works/atlas.html"], next(first), [{ ...broken, key: "digest-2" }]),
    ).toContain("index.html: gone (no such file)");
    // Checked from its own address: the same references from a deeper page miss.
    expect(
      run(["index.html", "about.html", "works/atlas.html"], next(first), [
        { ...made, files: ["deep/index.html"], key: "digest-3" },
      ]),
    ).toContain("deep/index.html: about (no such file)");
  });
});
