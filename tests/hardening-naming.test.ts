import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { lstat, mkdir, mkdtemp, readFile, readdir, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { buildSite } from "../src/pipeline/build-site.js";
import { addHeadingIds } from "../src/content/markdown-extensions.js";
import { freeSlug } from "../src/content/scaffold.js";
import { completeResume } from "./fixtures/json-resume.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";

/**
 * Issue 23, items 5, 6 and 11: naming that is linear and capped (heading ids, imported files),
 * `import` and `new` never writing through a symbolic link, and `new`'s file names kept short and
 * usable on every system. None of these tests measures time: `npm run bench -- --hostile` does.
 */

/** A disk that fills up, for files whose path ends with `suffix`: the file opens, writing it fails. */
const failWritesTo = vi.hoisted(() => ({ suffix: undefined as string | undefined }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  const open: typeof actual.open = async (file, ...rest) => {
    const handle = await actual.open(file, ...rest);
    if (failWritesTo.suffix && String(file).endsWith(failWritesTo.suffix)) {
      handle.writeFile = () =>
        Promise.reject(Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" }));
    }
    return handle;
  };
  return { ...actual, open, default: { ...actual, open } };
});

// The caps, as the owner reads them in the errors; the tests use cap + 1 to be refused.
const maxHeadings = 10_000;
const maxEntries = 1000;

let site: SiteCopy;
let outside: string;
beforeEach(async () => {
  site = await copySampleSite();
  outside = await mkdtemp(path.join(tmpdir(), "portfolio-outside-"));
});
afterEach(async () => {
  await site.remove();
  await rm(outside, { recursive: true, force: true });
});

/** `portfolio` in this process, in the copy of the sample. */
const portfolio = (...args: string[]) => portfolioInProcess(site.root, args);

/** Every file and link of a folder with its bytes (links by their target), to prove nothing was written. */
async function fingerprint(folder: string): Promise<string> {
  const entries = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  const hash = createHash("sha256");
  for (const entry of entries) {
    const info = await lstat(entry);
    hash.update(
      `${path.relative(folder, entry)}:${info.isSymbolicLink() ? "link" : info.isDirectory() ? "dir" : "file"}:`,
    );
    if (info.isFile()) hash.update(await readFile(entry));
  }
  return `${entries.length}:${hash.digest("hex")}`;
}

const noStack = /\n\s+at .+[:(]/;

const post = (body: string) =>
  `---\ntitle: Many headings\nauthor: Maya Okafor\ndate: 2025-01-31\ncategory: Programming\n---\n\n${body}\n`;

/** A résumé of `count` work entries that all start the same year at the same company. */
const sameWork = (count: number) => ({
  basics: { name: "Zoë" },
  work: Array.from({ length: count }, (_, index) => ({
    name: "Acme",
    position: `Role ${index + 1}`,
    startDate: "2020-01",
  })),
});

describe("heading ids: a counter per base, and a cap per file", () => {
  it("are unique and stable when a heading is literally titled like a suffix", () => {
    const headings = ["a", "a", "a-2", "a", "a", "a", "a-2"].map((text) => `<h2>${text}</h2>`).join("");
    const ids = [...addHeadingIds(headings).matchAll(/id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toEqual(["a", "a-2", "a-2-2", "a-3", "a-4", "a-5", "a-2-3"]);
    expect(addHeadingIds(headings)).toBe(addHeadingIds(headings));
  });

  it("claims a name with a bounded number of look-ups, however many share a base", async () => {
    const { UniqueNames } = await import("../src/content/unique-names.js");
    let lookups = 0;
    const taken = new (class extends Set<string> {
      override has(name: string): boolean {
        lookups++;
        return super.has(name);
      }
    })(["a-3"]);
    const names = new UniqueNames(taken);
    const claimed = Array.from({ length: 1000 }, () => names.claim("a"));
    expect(claimed.slice(0, 4)).toEqual(["a", "a-2", "a-4", "a-5"]);
    expect(new Set(claimed).size).toBe(1000);
    // The old loop tried a, a-2, … from the start for every claim: half a million look-ups here.
    expect(lookups).toBeLessThan(3 * 1000);
  });

  it(`builds a post of ${maxHeadings} identical headings with unique ids`, async () => {
    await site.write("content/blog/many.md", post(Array.from({ length: maxHeadings }, () => "## a").join("\n\n")));
    const { outDir } = await buildSite({ cwd: site.root, env: {} });
    const html = await readFile(path.join(outDir, "blogs", "many.html"), "utf8");
    const ids = [...html.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]);
    expect(ids).toHaveLength(maxHeadings);
    expect(new Set(ids).size).toBe(maxHeadings);
    expect(ids.slice(0, 3)).toEqual(["a", "a-2", "a-3"]);
    expect(ids.at(-1)).toBe(`a-${maxHeadings}`);
  }, 120_000);

  it(`refuses a file of ${maxHeadings + 1} headings, naming the file, the field and the cap`, async () => {
    await site.write(
      "content/blog/many.md",
      post(Array.from({ length: maxHeadings + 1 }, (_, index) => `${"#".repeat(2 + (index % 5))} a`).join("\n\n")),
    );
    const error = await buildSite({ cwd: site.root, env: {} }).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.name).toBe("ContentInvalid");
    expect(error?.message).toContain("content/blog/many.md is not valid:\n  - body");
    expect(error?.message).toContain(`${maxHeadings + 1} headings; at most ${maxHeadings}`);
  }, 120_000);
});

describe("import: file names with a counter per base, and a cap per section", () => {
  it(`names ${maxEntries} entries of one year and company -2 … -${maxEntries}, in order`, async () => {
    await writeFile(path.join(site.root, "same.json"), JSON.stringify(sameWork(maxEntries)));
    const run = await portfolio("import", "same.json");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const written = run.stdout
      .split("\n")
      .filter((line) => line.startsWith("  content/resume/experience/"))
      .map((line) => line.trim());
    expect(written).toEqual(
      Array.from(
        { length: maxEntries },
        (_, index) => `content/resume/experience/2020-acme${index ? `-${index + 1}` : ""}.md`,
      ),
    );
  });

  it(`refuses ${maxEntries + 1} work entries, naming the file and the section, and writes nothing`, async () => {
    await writeFile(path.join(site.root, "many.json"), JSON.stringify(sameWork(maxEntries + 1)));
    const before = await fingerprint(path.join(site.root, "content"));
    const run = await portfolio("import", "many.json");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`many.json is not valid:\n  - work: ${maxEntries + 1} entries; at most ${maxEntries}`);
    expect(run.stderr).not.toMatch(noStack);
    expect(await fingerprint(path.join(site.root, "content"))).toBe(before);
  });
});

describe("import and new never write through a symbolic link", () => {
  it("new post: refuses content/blog linked to a folder outside, and writes nothing there", async () => {
    await rm(path.join(site.root, "content", "blog"), { recursive: true, force: true });
    await symlink(outside, path.join(site.root, "content", "blog"));
    const run = await portfolio("new", "post", "Hello");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("content/blog");
    expect(run.stderr).toContain(`symbolic link to ${await realpath(outside)}, outside content/`);
    expect(run.stderr).not.toMatch(noStack);
    expect(await readdir(outside)).toEqual([]);
  });

  it("import --force: refuses content/about.md linked to a file outside, and leaves it unchanged", async () => {
    const victim = path.join(outside, "victim.txt");
    await writeFile(victim, "not yours");
    await rm(path.join(site.root, "content", "about.md"));
    await symlink(victim, path.join(site.root, "content", "about.md"));
    await writeFile(path.join(site.root, "zoe.json"), JSON.stringify(completeResume));
    const before = await fingerprint(path.join(site.root, "content"));
    const run = await portfolio("import", "zoe.json", "--force");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("content/about.md");
    expect(run.stderr).toContain("symbolic link");
    expect(run.stderr).not.toMatch(noStack);
    expect(await readFile(victim, "utf8")).toBe("not yours");
    expect(await fingerprint(path.join(site.root, "content")), "nothing was written").toBe(before);
  });

  it("import --force: refuses a dangling link at content/about.md instead of creating its target", async () => {
    const target = path.join(outside, "created.txt");
    await rm(path.join(site.root, "content", "about.md"));
    await symlink(target, path.join(site.root, "content", "about.md"));
    await writeFile(path.join(site.root, "zoe.json"), JSON.stringify(completeResume));
    const run = await portfolio("import", "zoe.json", "--force");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("content/about.md");
    expect(existsSync(target)).toBe(false);
  });

  it("import: refuses content/resume/experience linked outside, writing nothing anywhere", async () => {
    await rm(path.join(site.root, "content", "resume", "experience"), { recursive: true });
    await symlink(outside, path.join(site.root, "content", "resume", "experience"));
    await writeFile(path.join(site.root, "zoe.json"), JSON.stringify(completeResume));
    await rm(path.join(site.root, "content", "about.md"));
    const before = await fingerprint(path.join(site.root, "content"));
    const run = await portfolio("import", "zoe.json");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("content/resume/experience");
    expect(run.stderr).toContain("outside content/");
    expect(await readdir(outside)).toEqual([]);
    expect(await fingerprint(path.join(site.root, "content")), "nothing was written").toBe(before);
  });

  it("new post: follows a link to a folder inside content/, as the build does", async () => {
    await rm(path.join(site.root, "content", "blog"), { recursive: true, force: true });
    await mkdir(path.join(site.root, "content", "writing"));
    await symlink("writing", path.join(site.root, "content", "blog"));
    const run = await portfolio("new", "post", "Hello");
    expect(run.code).toBe(0);
    expect(await readdir(path.join(site.root, "content", "writing"))).toEqual(["hello.md"]);
  });
});

describe("new: a short file name that every system can use", () => {
  it("caps a 10,000-character title's file name at 80 characters, cut between words", async () => {
    const title = Array.from({ length: 1250 }, (_, index) => `word${index}`)
      .join(" ")
      .slice(0, 10_000);
    const run = await portfolio("new", "post", title);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [name] = (await readdir(path.join(site.root, "content", "blog"))).filter((file) => file.startsWith("word0-"));
    expect(name).toBeDefined();
    const slug = name!.slice(0, -3);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^word0-word1-word2-.*-word\d+$/);
    expect(title.replace(/ /g, "-").startsWith(`${slug}-`)).toBe(true);
  });

  it("caps a title of one long word, and one of letters that take four bytes each", () => {
    expect(freeSlug("x".repeat(10_000), "post", new Set())).toBe("x".repeat(80));
    const astral = freeSlug("𠀀".repeat(200), "post", new Set());
    expect(Buffer.byteLength(astral)).toBeLessThanOrEqual(200);
    expect([...astral].every((letter) => letter === "𠀀")).toBe(true);
  });

  it.each(["con", "CON", "Nul", "aux", "prn", "COM1", "lpt9", "com¹"])(
    "does not write a Windows-reserved name for %j",
    async (title) => {
      const run = await portfolio("new", "post", title);
      expect(run.code).toBe(0);
      const written = (await readdir(path.join(site.root, "content", "blog"))).filter((file) =>
        file.toLowerCase().startsWith(title.toLowerCase().slice(0, 3)),
      );
      expect(written).toEqual([`${title.toLowerCase()}-post.md`]);
    },
  );

  it("reports a failed write as an error of `new`, without --out in its hint, and leaves no empty file", async () => {
    failWritesTo.suffix = "hello.md";
    try {
      const run = await portfolio("new", "post", "Hello");
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`Cannot write content/blog/hello.md: ENOSPC: no space left on device`);
      expect(run.stderr).not.toContain("--out");
      expect(run.stderr).not.toContain("a bug in portfolio");
      expect(run.stderr).not.toMatch(noStack);
      expect(existsSync(path.join(site.root, "content", "blog", "hello.md"))).toBe(false);
    } finally {
      failWritesTo.suffix = undefined;
    }
  });
});
