import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isScalar, parseDocument, visit } from "yaml";
import { openCacheStore, type CacheStore } from "../src/cache/cache-store.js";
import { loadConfig } from "../src/config/load-config.js";
import { collections, type CollectionName } from "../src/content/collections.js";
import { loadContent } from "../src/content/load-content.js";
import { listFolder, projectFolder } from "../src/project/project-files.js";
import { addPages } from "./fixtures/pages.js";
import { addFixturePosts } from "./fixtures/posts.js";
import { addEverySection, addPatents, patents } from "./fixtures/resume-sections.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Every collection of the table is read through the same path, cached or not: editing any
 * collection's file between two warm builds gives what a cold build gives (a file the cache does
 * not know cannot exist), and the edit shows.
 */
let site: SiteCopy;
let cache: CacheStore;

beforeAll(async () => {
  site = await copySampleSite();
  await addEverySection(site);
  await addPatents(site);
  await addPages(site);
  await addFixturePosts(site);
  // A section of the owner's own for the About page, which the sample does not have.
  await site.write("content/about/now.md", "---\ntitle: Now\n---\n\nWhat I am doing now.\n");
  cache = (await openCacheStore(site.root, { PORTFOLIO_CACHE_SECRET: "collections test" })) as CacheStore;
}, 60_000);
afterAll(async () => {
  await site?.remove();
});

async function load(withCache: boolean) {
  const { config } = await loadConfig({ cwd: site.root, env: {} });
  return loadContent({ root: site.root, config, cache: withCache ? cache : undefined });
}

/** One file of the collection: its file, or the first Markdown file of its folder. */
async function fileOf(name: CollectionName): Promise<string> {
  const source = collections[name].source;
  if ("file" in source) return path.join(site.root, "content", source.file);
  const folder = (await projectFolder(site.root, "content"))!;
  if ("problem" in folder) throw new Error(folder.problem);
  const listed = await listFolder(folder, source.folder);
  if ("problem" in listed) throw new Error(listed.problem);
  const first = listed.names.filter((entry) => entry.endsWith(".md")).sort()[0];
  if (!first) throw new Error(`The test site has no file in content/${source.folder}/: add one to its fixtures`);
  return path.join(site.root, "content", source.folder, first);
}

/** Changes the first text of the front matter (a title, a name), as an owner's edit would. */
async function editFrontMatter(file: string): Promise<void> {
  const text = await readFile(file, "utf8");
  const [, frontMatter, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text)!;
  const document = parseDocument(frontMatter!);
  let edited = false;
  visit(document, {
    Pair(_key, pair) {
      const node = pair.value;
      if (
        !edited &&
        isScalar(node) &&
        typeof node.value === "string" &&
        !/^\d/.test(node.value) &&
        node.value.length > 2
      ) {
        node.value = `${node.value} (edited)`;
        edited = true;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  expect(edited, `${file} has a text to edit`).toBe(true);
  await writeFile(file, `---\n${document.toString().trimEnd()}\n---\n${body}`);
}

describe("the collections table", () => {
  it("has a row for each field of SiteContent but the custom sections, links, untranslated files, warnings and .bib publications the loader gathers", async () => {
    const content = await load(false);
    expect(Object.keys(content).sort()).toEqual(
      [...Object.keys(collections), "bibliography", "customSections", "links", "untranslated", "warnings"].sort(),
    );
    expect(Object.keys(content.customSections)).toEqual(["patents"]);
  });

  it.each(Object.keys(collections) as CollectionName[])(
    "%s: an edit between two warm builds shows, as a cold build shows it",
    async (name) => {
      await load(true);
      const before = await load(true);
      await editFrontMatter(await fileOf(name));
      const warm = await load(true);
      const cold = await load(false);
      expect(warm).toEqual(cold);
      expect(JSON.stringify(warm[name])).toContain("(edited)");
      expect(JSON.stringify(before[name])).not.toContain("(edited)");
    },
  );
});

describe("a custom résumé section", () => {
  const [firstPatent] = Object.keys(patents).sort();
  const loadError = () =>
    load(true).then(
      () => "loaded without an error",
      (error: Error) => error.message,
    );

  it("an edit between two warm builds shows, as a cold build shows it", async () => {
    await load(true);
    const before = await load(true);
    await editFrontMatter(path.join(site.root, firstPatent!));
    const warm = await load(true);
    expect(warm).toEqual(await load(false));
    expect(JSON.stringify(warm.customSections.patents)).toContain("(edited)");
    expect(JSON.stringify(before.customSections.patents)).not.toContain("(edited)");
  });

  it("whose layout changes between two warm builds has its files parsed again, by the new layout's schema", async () => {
    const cards = await site.read("portfolio.config.ts");
    await load(true);
    try {
      // The same files, cached as cards, are not timeline entries: the warm build must say so, as the cold one does.
      await writeFile(
        path.join(site.root, "portfolio.config.ts"),
        cards.replace('layout: "cards"', 'layout: "timeline"'),
      );
      const warmError = await loadError();
      expect(warmError).toContain(`${firstPatent} is not valid:\n  - organisation: is missing`);
      expect(warmError).toContain("  - subtitle: is not a known field");
      expect(warmError).toBe(
        await load(false).then(
          () => "",
          (error: Error) => error.message,
        ),
      );

      for (const file of Object.keys(patents))
        await site.write(
          file,
          "---\ntitle: Inventor\norganisation: Nordlys Digital\nstart: 2021\n---\n\nFiled two patents.\n",
        );
      await load(true);
      const warm = await load(true);
      expect(warm).toEqual(await load(false));
      expect(warm.customSections.patents!.layout).toBe("timeline");
    } finally {
      await writeFile(path.join(site.root, "portfolio.config.ts"), cards);
      for (const [file, text] of Object.entries(patents)) await site.write(file, text);
    }
  });
});
