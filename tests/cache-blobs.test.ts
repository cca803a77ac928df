import { mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openCache } from "../src/cache/build-cache.js";
import { openCacheStore, type CacheStore } from "../src/cache/cache-store.js";

/**
 * Issue 50: a large value (a share card) is kept in a file of its own beside the cache's index, so a
 * build that adds one post writes one card, not a thousand again; each file is verified like an entry.
 */
let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "portfolio-cache-blobs-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const env = { PORTFOLIO_CACHE_SECRET: "blob test" };
const store = async () => (await openCacheStore(root, env)) as CacheStore;
const folder = () => path.join(root, ".portfolio", "cache", "post-card");
const card = (seed: number) => new Uint8Array(40_000).map((_, index) => (index * seed) % 251);

async function saveCards(seeds: number[]): Promise<void> {
  const cache = await openCache<Uint8Array>(await store(), "post-card", "v1");
  for (const seed of seeds) cache.set(`card ${seed}`, cache.get(`card ${seed}`) ?? card(seed));
  await cache.save();
}

describe("large cache values in files of their own", () => {
  it("keeps each card as its own bytes, and a build that adds one writes only that one", async () => {
    await saveCards([1, 2, 3]);
    const first = (await readdir(folder())).sort();
    expect(first).toHaveLength(3);
    // A card is kept as its bytes (no serialisation around them): the file is the card.
    const sizes = await Promise.all(first.map(async (name) => (await stat(path.join(folder(), name))).size));
    expect(sizes).toEqual([40_000, 40_000, 40_000]);
    const modified = await Promise.all(first.map(async (name) => (await stat(path.join(folder(), name))).mtimeMs));
    // The index holds names, not the cards.
    expect((await stat(path.join(root, ".portfolio", "cache", "post-card.bin"))).size).toBeLessThan(2_000);

    await saveCards([1, 2, 3, 4]);
    const second = (await readdir(folder())).sort();
    expect(second).toHaveLength(4);
    for (const [index, name] of first.entries())
      expect((await stat(path.join(folder(), name))).mtimeMs, name).toBe(modified[index]);

    const cache = await openCache<Uint8Array>(await store(), "post-card", "v1");
    expect(Buffer.from(cache.get("card 4")!)).toEqual(Buffer.from(card(4)));
    expect(cache.hits).toBe(1);
  });

  it("keeps a small byte array, and any other value, in the index, and reads each back as it was", async () => {
    const first = await openCache<unknown>(await store(), "mixed", "v1");
    const small = new Uint8Array([1, 2, 3, 250]);
    const large = { text: "x".repeat(40_000), bytes: new Uint8Array(20_000).fill(7) };
    first.set("small", small);
    first.set("large", large);
    first.set("plain", { when: 2026, what: ["a", "b"] });
    await first.save();
    // Only the large value has a file of its own (serialised: it is not a byte array).
    expect(await readdir(path.join(root, ".portfolio", "cache", "mixed"))).toHaveLength(1);
    const again = await openCache<unknown>(await store(), "mixed", "v1");
    expect(again.get("small")).toEqual(small);
    expect(again.get("large")).toEqual(large);
    expect(again.get("plain")).toEqual({ when: 2026, what: ["a", "b"] });
    expect(again.hits).toBe(3);
  });

  it("deletes the files of cards no build uses any more", async () => {
    await saveCards([1, 2, 3]);
    await saveCards([2]);
    expect(await readdir(folder())).toHaveLength(1);
  });

  it("never uses a card file edited on disk: it is made again, with a warning", async () => {
    await saveCards([1]);
    const [name] = await readdir(folder());
    const bytes = await readFile(path.join(folder(), name!));
    bytes[100] = (bytes[100]! + 1) % 256;
    await writeFile(path.join(folder(), name!), bytes);
    const opened = await store();
    const cache = await openCache<Uint8Array>(opened, "post-card", "v1");
    expect(cache.get("card 1")).toBeUndefined();
    cache.set("card 1", card(1));
    await cache.save();
    expect(opened.warnings.join("\n")).toMatch(/post-card\.bin held 1 entry that did not match/);
  });

  it("never reads outside its folder, nor through a link, whatever the index names", async () => {
    await saveCards([1]);
    const index = path.join(root, ".portfolio", "cache", "post-card.bin");
    const [name] = await readdir(folder());
    const secret = path.join(root, "secret.txt");
    await writeFile(secret, "not a card");
    // A link in the card's place, and an index that names a path outside the folder.
    await rm(path.join(folder(), name!));
    await symlink(secret, path.join(folder(), name!));
    const stored = deserialize(await readFile(index)) as { entries: Map<string, [unknown, Uint8Array]> };
    const [[key, [, signature]]] = [...stored.entries] as [[string, [unknown, Uint8Array]]];
    stored.entries.set("escape", [{ blob: "../../../secret.txt", raw: true }, signature]);
    await writeFile(index, serialize(stored));
    const cache = await openCache<Uint8Array>(await store(), "post-card", "v1");
    expect(cache.get(key)).toBeUndefined();
    expect(cache.get("escape")).toBeUndefined();
  });

  it("writes no card file through a folder that is a link", async () => {
    const elsewhere = await mkdtemp(path.join(tmpdir(), "portfolio-elsewhere-"));
    try {
      await mkdir(path.join(root, ".portfolio", "cache"), { recursive: true });
      await symlink(elsewhere, folder());
      const opened = await store();
      const cache = await openCache<Uint8Array>(opened, "post-card", "v1");
      cache.set("card 1", card(1));
      await cache.save();
      expect(await readdir(elsewhere)).toEqual([]);
      expect(opened.warnings.join("\n")).toContain("symbolic link");
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
