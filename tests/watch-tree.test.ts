import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { watchTree } from "../src/dev/watch-sources.js";

describe("the dev server's watcher", () => {
  let root: string;
  let changes: number;
  let watcher: { close: () => void };
  const at = (relative: string) => path.join(root, relative);

  /** Whether `act` is told of within 3 s. */
  async function told(act: () => void): Promise<boolean> {
    const before = changes;
    act();
    for (let waited = 0; waited < 3000; waited += 10) {
      if (changes > before) return true;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return false;
  }
  /** Whether `act` is told of within 0.4 s (for what must not be). */
  async function toldSoon(act: () => void): Promise<boolean> {
    const before = changes;
    act();
    await new Promise((resolve) => setTimeout(resolve, 400));
    return changes > before;
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "portfolio-watch-"));
    mkdirSync(at("content/blog"), { recursive: true });
    mkdirSync(at("public"));
    writeFileSync(at("content/blog/first.md"), "# First\n");
    writeFileSync(at("portfolio.config.ts"), "export default {};\n");
    changes = 0;
    watcher = watchTree(["portfolio.config.ts", "content", "public", "templates"].map(at), () => changes++);
  });
  afterEach(() => {
    watcher.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("tells of a file written, added or removed in a watched folder", async () => {
    expect(await told(() => writeFileSync(at("content/blog/first.md"), "# First, edited\n"))).toBe(true);
    expect(await told(() => writeFileSync(at("content/blog/second.md"), "# Second\n"))).toBe(true);
    expect(await told(() => rmSync(at("content/blog/second.md")))).toBe(true);
    expect(await told(() => writeFileSync(at("public/photo.txt"), "a"))).toBe(true);
  });

  it("watches a folder made after it started, and one renamed, deleted and made again", async () => {
    expect(await told(() => mkdirSync(at("content/blog/2026")))).toBe(true);
    expect(await told(() => writeFileSync(at("content/blog/2026/new.md"), "# New\n"))).toBe(true);
    expect(await told(() => renameSync(at("content/blog"), at("content/posts")))).toBe(true);
    expect(await told(() => writeFileSync(at("content/posts/2026/new.md"), "# New, edited\n"))).toBe(true);
    expect(await told(() => rmSync(at("content/posts"), { recursive: true }))).toBe(true);
    expect(await told(() => mkdirSync(at("content/posts")))).toBe(true);
    expect(await told(() => writeFileSync(at("content/posts/again.md"), "# Again\n"))).toBe(true);
  });

  it("watches a watched path that did not exist when it started (templates/)", async () => {
    expect(await told(() => mkdirSync(at("templates")))).toBe(true);
    expect(await told(() => writeFileSync(at("templates/site.css"), "a {}\n"))).toBe(true);
  });

  it("follows the config through an editor's save by rename, and after it", async () => {
    expect(
      await told(() => {
        writeFileSync(at(".portfolio.config.ts.swp"), "export default { a: 1 };\n");
        renameSync(at(".portfolio.config.ts.swp"), at("portfolio.config.ts"));
      }),
    ).toBe(true);
    expect(await told(() => writeFileSync(at("portfolio.config.ts"), "export default { a: 2 };\n"))).toBe(true);
  });

  it("is not told of the project's other files, portfolio's own folder, or anything once closed", async () => {
    expect(await toldSoon(() => writeFileSync(at("notes.txt"), "not a source\n"))).toBe(false);
    expect(await toldSoon(() => mkdirSync(at("dist")))).toBe(false);
    expect(await toldSoon(() => mkdirSync(at("content/.portfolio")))).toBe(false);
    expect(await toldSoon(() => writeFileSync(at("content/.portfolio/cache.bin"), "x"))).toBe(false);
    watcher.close();
    expect(await toldSoon(() => writeFileSync(at("content/blog/first.md"), "# After closing\n"))).toBe(false);
  });
});
