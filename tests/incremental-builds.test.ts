import { readFile, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildMemo } from "../src/pipeline/build-site.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";
import { addPublications, papersBib } from "./fixtures/publications.js";

// The same sources must give the same site, byte for byte, however it was built: cold (no cache,
// no output), warm (the cache of earlier builds, and a skipped build when nothing changed), or
// updated in place as `portfolio dev` does after each save, reusing the pages whose inputs are the same. A series of edits, additions, renames
// and deletions of every kind of input is applied, and the three outputs compared after each.

let site: SiteCopy;
// As `portfolio dev` keeps it: the pages of its previous build, rendered again only when their inputs changed.
const memo: BuildMemo = { pages: new Map() };
const devOut = () => path.join(site.root, ".portfolio", "dev-site");
const warmOut = () => path.join(site.root, "dist");
const coldOut = () => path.join(site.root, "cold");

const post = (title: string, date: string, body: string, extra = "") =>
  `---\ntitle: ${title}\nauthor: Maya Okafor\ndate: ${date}\ncategory: Programming\n${extra}---\n\n${body}\n\n\`\`\`ts\nexport const answer: number = 42;\n\`\`\`\n`;

/** Every file of an output but the marks a build leaves for itself, with its bytes. */
async function filesOf(folder: string): Promise<Map<string, Buffer>> {
  const names = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .filter((name) => !name.startsWith(".portfolio-"));
  return new Map(
    await Promise.all(names.map(async (name) => [name, await readFile(path.join(folder, name))] as const)),
  );
}

async function expectSameOutputs(): Promise<void> {
  const dev = await buildSite({ cwd: site.root, env: {}, outDir: devOut(), update: true, measure: false }, memo);
  const warm = await buildSite({ cwd: site.root, env: {}, outDir: warmOut() });
  // Cold: no cache of any earlier build, into a folder of its own.
  await rm(path.join(site.root, ".portfolio", "cache"), { recursive: true, force: true });
  await rm(coldOut(), { recursive: true, force: true });
  const cold = await buildSite({ cwd: site.root, env: {}, outDir: coldOut() });
  expect(warm.pagesDigest).toBe(cold.pagesDigest);
  expect(dev.pagesDigest).toBe(cold.pagesDigest);
  const devFiles = await filesOf(devOut());
  const warmFiles = await filesOf(warmOut());
  const coldFiles = await filesOf(coldOut());
  expect([...warmFiles.keys()].sort()).toEqual([...coldFiles.keys()].sort());
  expect([...devFiles.keys()].sort()).toEqual([...coldFiles.keys()].sort());
  for (const [name, bytes] of coldFiles) {
    expect(warmFiles.get(name)?.equals(bytes), `warm ${name}`).toBe(true);
    expect(devFiles.get(name)?.equals(bytes), `dev ${name}`).toBe(true);
  }
}

beforeAll(async () => {
  site = await copySampleSite();
  await site.write("content/blog/first.md", post("First", "2024-01-10", "The first post."));
  await site.write("content/blog/second.md", post("Second", "2024-02-10", "The second post.", "tags: [react]\n"));
  await site.write("content/blog/third.md", post("Third", "2024-03-10", "The third post.", "tags: [react]\n"));
  await expectSameOutputs();
});
afterAll(async () => {
  await site.remove();
});

describe("cold, warm and incremental builds of the same sources", () => {
  it("are identical after a post's text is edited (its page, its neighbours, the lists and feeds)", async () => {
    const before = new Set(memo.pages.values());
    const text = await site.read("content/blog/second.md");
    await site.write("content/blog/second.md", text.replace("The second post.", "The second post, edited."));
    await expectSameOutputs();
    expect(await readFile(path.join(devOut(), "blogs", "second.html"), "utf8")).toContain("edited.");
    // The dev build rendered again only the pages that show the post: the projects' were kept.
    const pages = [...memo.pages.values()];
    const kept = pages.filter((page) => before.has(page));
    expect(kept.length).toBeGreaterThan(pages.length / 2);
    expect(kept.some((page) => page.route.path === "works/fleetwise")).toBe(true);
    expect(kept.some((page) => page.route.path === "blogs/second")).toBe(false);
  });

  it("are identical after one entry of the .bib is retitled (its page, the list, About, the Resume, resume.json)", async () => {
    const config = await site.read("portfolio.config.ts");
    await addPublications(site);
    await expectSameOutputs();
    const before = new Set(memo.pages.values());
    await site.write("content/publications/papers.bib", papersBib.replace("Graphs for {GPUs}", "Graphs for {TPUs}"));
    await expectSameOutputs();
    expect(await readFile(path.join(devOut(), "publications", "okafor2021graphs.html"), "utf8")).toContain("TPUs");
    expect(await readFile(path.join(devOut(), "resume.json"), "utf8")).toContain("Graphs for TPUs");
    // The other entries' pages were kept, the edited one's rendered again.
    const kept = [...memo.pages.values()].filter((page) => before.has(page)).map((page) => page.route.path);
    expect(kept).toContain("publications/okafor2019volume");
    expect(kept).not.toContain("publications/okafor2021graphs");
    // Gone again, with its math (the next steps count the math fonts of a post's page).
    await rm(path.join(site.root, "content", "publications"), { recursive: true });
    await rm(path.join(site.root, "public", "papers"), { recursive: true });
    await site.write("portfolio.config.ts", config);
  });

  it("are identical after a post is added, and after one is renamed", async () => {
    await site.write("content/blog/fourth.md", post("Fourth", "2024-04-10", "A new post.", "tags: [maps]\n"));
    await expectSameOutputs();
    await rename(path.join(site.root, "content/blog/first.md"), path.join(site.root, "content/blog/opening.md"));
    await expectSameOutputs();
    const devFiles = await filesOf(devOut());
    expect(devFiles.has("blogs/opening.html")).toBe(true);
    expect(devFiles.has("blogs/first.html")).toBe(false);
  });

  it("are identical after a post and a project are deleted", async () => {
    await rm(path.join(site.root, "content/blog/third.md"));
    await rm(path.join(site.root, "content/projects/turma.md"));
    await expectSameOutputs();
    expect((await filesOf(devOut())).has("works/turma.html")).toBe(false);
  });

  it("are identical after a formula is added, and after one shows a new character (KaTeX's fonts cut again)", async () => {
    const fonts = async () =>
      [...(await filesOf(devOut())).keys()].filter((name) => name.startsWith("assets/katex-")).sort();
    await site.write("content/blog/math.md", post("Math", "2024-05-10", "Einstein's $E = mc^2$."));
    await expectSameOutputs();
    const before = await fonts();
    expect(before).toContainEqual(expect.stringMatching(/KaTeX_Math-Italic-\w{8}\.woff2$/));
    await site.write("content/blog/math.md", post("Math", "2024-05-10", "Einstein's $E = mc^2$, and $z$."));
    await expectSameOutputs();
    const after = await fonts();
    expect(after).toHaveLength(before.length);
    expect(after).not.toEqual(before);
    const page = await readFile(path.join(devOut(), "blogs", "math.html"), "utf8");
    for (const font of after) expect(page).toContain(font);
  });

  it("are identical after the About text, the config and the owner's stylesheet change", async () => {
    const about = await site.read("content/about.md");
    await site.write("content/about.md", `${about.trimEnd()}\n\nOne more paragraph.\n`);
    const config = await site.read("portfolio.config.ts");
    await site.write("portfolio.config.ts", config.replaceAll("Full-Stack Developer", "Software Engineer"));
    await site.write("templates/site.css", ".name { letter-spacing: 0.02em; }\n");
    await expectSameOutputs();
    expect(await readFile(path.join(warmOut(), "index.html"), "utf8")).toContain("Software Engineer");
  });

  it("are identical after the page shell every document is filled into changes", async () => {
    const shell = await readFile(path.join(repoRoot, "templates", "page.html"), "utf8");
    expect(shell).toContain("</body>");
    await site.write("templates/page.html", shell.replace("</body>", "<!-- The owner's shell. -->\n</body>"));
    await expectSameOutputs();
    expect(await readFile(path.join(devOut(), "works.html"), "utf8")).toContain("The owner's shell.");
  });

  it("skips a build whose inputs are all unchanged, and not one whose output was touched", async () => {
    // The cold build above started without the cache: this one records its inputs, the next skips.
    expect((await buildSite({ cwd: site.root, env: {}, outDir: warmOut() })).unchanged).toBe(false);
    const again = await buildSite({ cwd: site.root, env: {}, outDir: warmOut() });
    expect(again.unchanged).toBe(true);
    expect(again.pageCount).toBeGreaterThan(10);
    await rm(path.join(warmOut(), "works.html"));
    const repaired = await buildSite({ cwd: site.root, env: {}, outDir: warmOut() });
    expect(repaired.unchanged).toBe(false);
    expect((await filesOf(warmOut())).has("works.html")).toBe(true);
    const text = await site.read("content/blog/second.md");
    await site.write("content/blog/second.md", `${text}\nA line at the end.\n`);
    const edited = await buildSite({ cwd: site.root, env: {}, outDir: warmOut() });
    expect(edited.unchanged).toBe(false);
    expect(await readFile(path.join(warmOut(), "blogs", "second.html"), "utf8")).toContain("A line at the end.");
  });

  it("in dev, shows a save without waiting for the search index, which the build that follows writes", async () => {
    const outDir = path.join(site.root, ".portfolio", "dev-search");
    let indexed = () => {};
    // What each build leaves for after its pages are shown, run here when the test says.
    const later: Array<() => void> = [];
    const devMemo: BuildMemo = {
      pages: new Map(),
      onSearchIndexed: () => indexed(),
      afterShown: (work) => later.push(work),
    };
    const devBuild = () => buildSite({ cwd: site.root, env: {}, outDir, update: true, measure: false }, devMemo);
    const searchFiles = async () =>
      new Map([...(await filesOf(outDir))].filter(([name]) => name.startsWith("pagefind/")));
    await devBuild();
    const before = await searchFiles();
    const ready = new Promise<void>((resolve) => {
      indexed = resolve;
    });
    const text = await site.read("content/blog/second.md");
    await site.write("content/blog/second.md", `${text}\nQuokkas are the word of this test.\n`);
    await devBuild();
    expect(await readFile(path.join(outDir, "blogs", "second.html"), "utf8")).toContain("Quokkas");
    expect([...(await searchFiles()).keys()].sort()).toEqual([...before.keys()].sort());
    // Pagefind is not even started until the page has been shown.
    expect(devMemo.searchIndexing).toBeUndefined();
    expect(later).toHaveLength(1);
    for (const work of later.splice(0)) work();
    expect(devMemo.searchIndexing).toBeDefined();
    await ready;
    await devBuild();
    const after = await searchFiles();
    expect([...after.keys()].sort()).not.toEqual([...before.keys()].sort());
    // The build that wrote the new index finds it current: nothing more is indexed.
    for (const work of later.splice(0)) work();
    expect(devMemo.searchIndexing).toBeUndefined();
    // The same index as a cold build of these sources makes.
    await rm(path.join(site.root, ".portfolio", "cache"), { recursive: true, force: true });
    await rm(coldOut(), { recursive: true, force: true });
    await buildSite({ cwd: site.root, env: {}, outDir: coldOut() });
    const cold = new Map([...(await filesOf(coldOut()))].filter(([name]) => name.startsWith("pagefind/")));
    expect([...after.keys()].sort()).toEqual([...cold.keys()].sort());
    for (const [name, bytes] of cold) expect(after.get(name)?.equals(bytes), name).toBe(true);
  });
});
