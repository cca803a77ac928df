import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fingerprintOf, openCache } from "../src/cache/build-cache.js";
import { openCacheStore, type CacheStore } from "../src/cache/cache-store.js";
import { buildSite, type BuildMemo } from "../src/pipeline/build-site.js";
import { precompress } from "../src/pipeline/precompress.js";
import {
  projectFolder,
  readTextFile,
  settledAfterMs,
  type ProjectFolder,
  type RememberedTexts,
} from "../src/project/project-files.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

/**
 * Issue 23, findings 4 and 10: the build cache lives inside the project (`.portfolio/cache`), where a
 * pull request, a restored CI cache or any program can write, and what it holds is published as
 * same-origin script and pages. An entry changed on disk must never reach the site, and a cache
 * in a state the build cannot use must not cost the owner a stack trace.
 */

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite();
});
afterEach(async () => {
  await site.remove();
});

// Each build starts without an output, as in CI where only the cache is restored (with an output
// left as the previous build wrote it and the same inputs, a build has nothing to do and reads no cache).
const build = async (env: Record<string, string> = {}) => {
  await rm(path.join(site.root, "dist"), { recursive: true, force: true });
  return buildSite({ cwd: site.root, env, precompress: true });
};
const cacheFile = (name: string) => path.join(site.root, ".portfolio", "cache", `${name}.bin`);

/** Every file of the built site that holds `text`. */
async function filesHolding(outDir: string, text: string): Promise<string[]> {
  const names = await readdir(outDir, { recursive: true, withFileTypes: true });
  const found: string[] = [];
  for (const entry of names.filter((name) => name.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    if ((await readFile(file)).includes(text)) found.push(path.relative(outDir, file));
  }
  return found;
}

/**
 * Edits a cache file the way an attacker who knows its format would: every occurrence of `find`
 * in any string or byte array inside it (however deeply kept), or in the files of its large values,
 * becomes `replace`, of the same length, so the files stay ones the cache can read.
 */
async function tamper(file: string, find: string, replace: string): Promise<number> {
  expect(replace.length).toBe(find.length);
  let count = 0;
  const needle = Buffer.from(find, "latin1");
  const walk = (value: unknown): unknown => {
    if (typeof value === "string") {
      count += value.split(find).length - 1;
      return value.split(find).join(replace);
    }
    if (value instanceof Uint8Array) {
      const bytes = Buffer.from(value);
      for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + 1)) {
        bytes.write(replace, at, "latin1");
        count++;
      }
      return new Uint8Array(bytes);
    }
    if (value instanceof Map) return new Map([...value].map(([key, entry]) => [key, walk(entry)]));
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, walk(entry)]));
    return value;
  };
  const stored = deserialize(await readFile(file)) as { entries: Map<string, [unknown, Uint8Array]> };
  await writeFile(file, serialize(walk(stored)));
  // A large value is kept in a file of its own beside the index (`<name>/<signature>.bin`): edited there.
  for (const [held] of stored.entries.values()) {
    if (held instanceof Uint8Array) continue;
    const { blob, raw } = held as { blob: string; raw: boolean };
    const blobFile = path.join(file.replace(/\.bin$/, ""), blob);
    const bytes = await readFile(blobFile);
    await writeFile(blobFile, raw ? (walk(bytes) as Uint8Array) : serialize(walk(deserialize(bytes))));
  }
  return count;
}

describe("the build cache is verified, not trusted", () => {
  it("never publishes a cached bundle edited on disk: it is made again, with a warning", async () => {
    const first = await build();
    const script =
      (await readdir(path.join(first.outDir, "assets"))).find((name) =>
        /^island-loader.*\.js$|^theme.*\.js$/.test(name),
      ) ?? (await readdir(path.join(first.outDir, "assets"))).find((name) => name.endsWith(".js"))!;
    const original = (await readFile(path.join(first.outDir, "assets", script), "latin1")).slice(0, 40);
    const payload = "window.__pwned=1;/*cache-poisoned*/".padEnd(original.length, " ");
    expect(await tamper(cacheFile("bundle"), original, payload)).toBeGreaterThan(0);

    const second = await build();
    expect(await filesHolding(second.outDir, "cache-poisoned")).toEqual([]);
    expect(second.warnings.join("\n")).toMatch(/\.portfolio\/cache\/bundle\.bin held 1 entry that did not match/);
    // The next build uses the entry made again, and says nothing.
    const third = await build();
    expect(third.warnings.join("\n")).not.toContain("bundle.bin");
  }, 180_000);

  it("never publishes cached pages, parsed content or compressed copies edited on disk", async () => {
    const first = await build();
    const page = await readFile(path.join(first.outDir, "works/fleetwise.html"), "utf8");
    const sentence = page.match(/<p>([^<]{40,})<\/p>/)![1]!.slice(0, 40);
    const payload = "<img src=x onerror=alert(1)>cachepoison".padEnd(sentence.length, "x");
    const tampered =
      (await tamper(cacheFile("content"), sentence, payload)) +
      (await tamper(cacheFile("compressed"), sentence, payload));
    expect(tampered).toBeGreaterThan(0);
    const second = await build();
    expect(await filesHolding(second.outDir, "cachepoison")).toEqual([]);
    expect(second.warnings.join("\n")).toContain("content.bin held");
  }, 120_000);

  it("never runs a compiled config edited on disk: it is compiled again, with a warning", async () => {
    await build();
    expect(await tamper(cacheFile("config"), "Full-Stack Developer", "Cache-Poisoned Title")).toBeGreaterThan(0);
    const second = await build();
    expect(await filesHolding(second.outDir, "Cache-Poisoned")).toEqual([]);
    expect(await readFile(path.join(second.outDir, "resume.html"), "utf8")).toContain("Full-Stack Developer");
    expect(second.warnings.join("\n")).toMatch(/\.portfolio\/cache\/config\.bin held 1 entry that did not match/);
  }, 120_000);

  it("ignores a cache signed with another key, as one restored on a new CI machine or force-added to the repository", async () => {
    await build({ PORTFOLIO_CACHE_SECRET: "the owner's machine" });
    const written = await readFile(cacheFile("bundle"));
    const second = await build({ PORTFOLIO_CACHE_SECRET: "another machine" });
    expect(second.warnings.join("\n")).not.toContain("cache");
    // Signed anew with the key that built it.
    expect(Buffer.compare(await readFile(cacheFile("bundle")), written)).not.toBe(0);
  }, 120_000);

  it("publishes a compressed copy only if it decompresses to its text, even when its signature is right", async () => {
    const store = (await openCacheStore(site.root, { PORTFOLIO_CACHE_SECRET: "test" })) as CacheStore;
    const page = {
      file: "index.html",
      contents: `<!doctype html><title>Real</title>${"<p>The real page.</p>".repeat(100)}`,
    };
    const [made] = await precompress([page], store);
    // Someone holding the key stores another page's copies under this page's key.
    const fingerprint = `zlib ${process.versions.zlib}, brotli ${process.versions.brotli}`;
    const stored = deserialize(await readFile(cacheFile("compressed"))) as { entries: Map<string, unknown> };
    const [key] = [...stored.entries.keys()];
    const cache = await openCache<[Uint8Array, Uint8Array]>(store, "compressed", fingerprint);
    const evil = gzipSync("<script>alert(1)</script>");
    cache.set(key!, [evil, evil]);
    await cache.save();

    const again = (await openCacheStore(site.root, { PORTFOLIO_CACHE_SECRET: "test" })) as CacheStore;
    const [checked] = await precompress([page], again);
    expect(Buffer.from(checked!.gzip)).toEqual(Buffer.from(made!.gzip));
    expect(Buffer.from(checked!.brotli)).toEqual(Buffer.from(made!.brotli));
    expect(again.warnings.join("\n")).toContain("compressed.bin held 1 entry");
  });
});

describe("a cache the build cannot use is a warning, not a stack trace", () => {
  it("builds when .portfolio/cache is a file, saying so", async () => {
    await mkdir(path.join(site.root, ".portfolio"), { recursive: true });
    await writeFile(path.join(site.root, ".portfolio", "cache"), "not a folder");
    const result = await build();
    expect(existsSync(path.join(result.outDir, "index.html"))).toBe(true);
    const warnings = result.warnings.join("\n");
    expect(warnings).toContain(
      "The build cache (.portfolio/cache) was not used: .portfolio/cache cannot be made a folder: a file is in the way",
    );
    expect(warnings).toContain("Deleting .portfolio/cache is always safe");
    expect(warnings).not.toMatch(/\n\s+at /);
  }, 60_000);

  it("builds when a cache entry is a folder, saying so and leaving nothing behind", async () => {
    await mkdir(cacheFile("bundle"), { recursive: true });
    const result = await build();
    expect(existsSync(path.join(result.outDir, "index.html"))).toBe(true);
    expect(result.warnings.join("\n")).toContain(
      ".portfolio/cache/bundle.bin is a folder where the cache's file belongs",
    );
    const left = await readdir(path.join(site.root, ".portfolio", "cache"));
    expect(left.filter((name) => name.endsWith(".tmp"))).toEqual([]);
  }, 60_000);

  it("writes nothing through a .portfolio/cache that is a symbolic link, saying so", async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), "portfolio-elsewhere-"));
    await mkdir(path.join(site.root, ".portfolio"), { recursive: true });
    await symlink(elsewhere, path.join(site.root, ".portfolio", "cache"));
    const result = await build();
    expect(existsSync(path.join(result.outDir, "index.html"))).toBe(true);
    expect(result.warnings.join("\n")).toContain(".portfolio/cache is a symbolic link");
    expect(await readdir(elsewhere)).toEqual([]);
    await rm(elsewhere, { recursive: true });
  }, 60_000);

  it("builds uncached when the key cannot be made, saying so", async () => {
    const blocked = path.join(site.root, "not-a-folder");
    await writeFile(blocked, "");
    const result = await build({ XDG_CACHE_HOME: blocked });
    expect(existsSync(path.join(result.outDir, "index.html"))).toBe(true);
    expect(result.warnings.join("\n")).toContain("was not used: there is no key to sign it with");
    expect(existsSync(cacheFile("bundle"))).toBe(false);
    await rm(blocked);
  }, 60_000);
});

describe("the caches portfolio dev keeps in memory between its builds", () => {
  it("serves what the last build saved without reading its file again, and only for the same key and code", async () => {
    const env = { PORTFOLIO_CACHE_SECRET: "test" };
    const store = (await openCacheStore(site.root, env)) as CacheStore;
    const memory = new Map();
    const first = await openCache<{ text: string }>({ ...store, memory }, "unit", "code 1");
    first.set("entry", { text: "kept" });
    await first.save();
    // The file is gone: a build that reads it finds nothing, one with the session's memory finds the entry.
    await rm(cacheFile("unit"));
    const remembered = await openCache<{ text: string }>({ ...store, memory }, "unit", "code 1");
    expect(remembered.get("entry")).toEqual({ text: "kept" });
    expect((await openCache<{ text: string }>(store, "unit", "code 1")).get("entry")).toBeUndefined();
    // Another version of the code, or another key, starts empty as it would from the file.
    expect((await openCache<{ text: string }>({ ...store, memory }, "unit", "code 2")).get("entry")).toBeUndefined();
    const otherKey = (await openCacheStore(site.root, { PORTFOLIO_CACHE_SECRET: "other" })) as CacheStore;
    expect((await openCache<{ text: string }>({ ...otherKey, memory }, "unit", "code 1")).get("entry")).toBeUndefined();
    // What a build neither used nor set is not kept for the next one.
    await remembered.save();
    const next = await openCache<{ text: string }>({ ...store, memory }, "unit", "code 1");
    next.set("other", { text: "new" });
    await next.save();
    expect((await openCache<{ text: string }>({ ...store, memory }, "unit", "code 1")).get("entry")).toBeUndefined();
  });
});

describe("the code's fingerprint, which every cache is made with", () => {
  it("is read once a process, and again in a clone whenever one of its source files changes", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "portfolio-fingerprint-"));
    // Files dated a minute ago, as sources are by the time a build runs: the fingerprint is kept for them.
    const aged = async (file: string, text: string, secondsAgo = 60) => {
      await writeFile(file, text);
      const time = new Date(Date.now() - secondsAgo * 1000);
      await utimes(file, time, time);
    };
    try {
      await mkdir(path.join(root, "src", "islands"), { recursive: true });
      await aged(path.join(root, "package.json"), '{"name":"portfolio-ssg"}');
      const island = path.join(root, "src", "islands", "Card.tsx");
      await aged(island, "export const Card = 1;");
      const first = fingerprintOf(root, ["."], false);
      expect(fingerprintOf(root, ["."], false)).toBe(first);
      // An edit of the same size: only its modification time tells it apart.
      await aged(island, "export const Card = 2;", 50);
      const edited = fingerprintOf(root, ["."], false);
      expect(edited).not.toBe(first);
      // A file added, then removed and the code as it was: the fingerprint follows each.
      await aged(path.join(root, "src", "islands", "More.tsx"), "export {};");
      expect(fingerprintOf(root, ["."], false)).not.toBe(edited);
      await rm(path.join(root, "src", "islands", "More.tsx"));
      await aged(island, "export const Card = 1;", 40);
      expect(fingerprintOf(root, ["."], false)).toBe(first);
      // Edited just now and again within the clock's tick, keeping size and time: read afresh each time.
      await writeFile(island, "export const Card = 3;");
      const now = new Date();
      await utimes(island, now, now);
      const third = fingerprintOf(root, ["."], false);
      await writeFile(island, "export const Card = 4;");
      await utimes(island, now, now);
      expect(fingerprintOf(root, ["."], false)).not.toBe(third);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe("the cache keys portfolio dev keeps between its builds", () => {
  it("gives a text copied into another collection its own key: it is parsed and checked as that collection's", async () => {
    const memo: BuildMemo = { pages: new Map() };
    const post = "---\ntitle: Same words\nauthor: Me\ndate: 2025-02-03\ncategory: AI\n---\nThe same text.\n";
    await site.write("content/blog/same-words.md", post);
    await buildSite({ cwd: site.root, env: {}, update: true, outDir: path.join(site.root, "dev-out") }, memo);
    await site.write("content/pages/same-words.md", post);
    const error = await buildSite(
      { cwd: site.root, env: {}, update: true, outDir: path.join(site.root, "dev-out") },
      memo,
    ).then(
      () => undefined,
      (caught: Error) => caught,
    );
    expect(error?.name).toBe("ContentInvalid");
    expect(error?.message).toContain("content/pages/same-words.md");
  }, 60_000);
});

describe("the content texts portfolio dev keeps between its builds", () => {
  it("serves a text only while its file is the very file it was read from, unchanged, and never through a link", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "portfolio-texts-"));
    try {
      await mkdir(path.join(root, "content"));
      await writeFile(path.join(root, "content", "about.md"), "first");
      await writeFile(path.join(root, "secret.md"), "outside");
      const folder = (await projectFolder(root, "content")) as ProjectFolder;
      const readWith = async (previous: RememberedTexts["previous"]) => {
        const remembered: RememberedTexts = { previous, next: new Map() };
        return { read: await readTextFile(folder, "about.md", remembered), next: remembered.next };
      };
      // Just written: read afresh, and not kept, since a second save could follow within the clock's tick.
      expect((await readWith(new Map())).next.size).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, settledAfterMs + 100));
      const first = await readWith(new Map());
      expect(first.read).toEqual({ text: "first" });
      // While the file is as it was, the kept text is the answer (marked here to tell it from a read).
      const kept = new Map([...first.next].map(([file, entry]) => [file, { ...entry, text: "kept" }]));
      expect((await readWith(kept)).read).toEqual({ text: "kept" });
      // Saved again, with the same length and its modification time put back (to the millisecond): read afresh.
      const before = await stat(path.join(root, "content", "about.md"));
      await writeFile(path.join(root, "content", "about.md"), "fresh");
      await utimes(path.join(root, "content", "about.md"), before.atime, before.mtime);
      expect((await readWith(kept)).read).toEqual({ text: "fresh" });
      // Replaced by a link that leads outside content/: refused, whatever was kept.
      await rm(path.join(root, "content", "about.md"));
      await symlink(path.join(root, "secret.md"), path.join(root, "content", "about.md"));
      expect((await readWith(kept)).read).toMatchObject({ problem: expect.stringContaining("outside content/") });
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
