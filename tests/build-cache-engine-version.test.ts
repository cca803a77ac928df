import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { deserialize, serialize } from "node:v8";
import { describe, expect, it } from "vitest";
import { fingerprintOf } from "../src/cache/build-cache.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { copySampleSite } from "./helpers/sample-site.js";

/**
 * Issue 50: a deploy workflow restores `.portfolio/cache` from an earlier run, which another version of
 * portfolio-ssg may have written. Its entries are ignored, without an error, and made again.
 */
describe("a build cache written by another version of the engine", () => {
  it("has another fingerprint: the engine's package.json, its version with it, is part of it", async () => {
    const root = await mkdtemp(path.join(tmpdir(), "portfolio-engine-"));
    try {
      await mkdir(path.join(root, "src", "render"), { recursive: true });
      await writeFile(path.join(root, "src", "render", "page.ts"), "export const page = 1;\n");
      await writeFile(path.join(root, "package.json"), '{ "name": "portfolio-ssg", "version": "0.2.0" }\n');
      const before = fingerprintOf(root, ["render"], false);
      await writeFile(path.join(root, "package.json"), '{ "name": "portfolio-ssg", "version": "0.3.0" }\n');
      expect(fingerprintOf(root, ["render"], false)).not.toBe(before);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });

  it("is ignored and made again, with no warning and the same site, as a CI cache restored after an upgrade", async () => {
    const site = await copySampleSite();
    try {
      const env = { PORTFOLIO_CACHE_SECRET: "the deploy workflow's secret" };
      const first = await buildSite({ cwd: site.root, env });
      const page = await readFile(path.join(first.outDir, "works.html"), "utf8");
      const folder = path.join(site.root, ".portfolio", "cache");
      // As another engine would have left them: signed with the same secret, under another fingerprint,
      // and one file in a format this engine never wrote.
      const names = (await readdir(folder)).filter((name) => name.endsWith(".bin"));
      expect(names.length).toBeGreaterThan(3);
      for (const name of names) {
        const stored = deserialize(await readFile(path.join(folder, name))) as { fingerprint: string };
        await writeFile(path.join(folder, name), serialize({ ...stored, fingerprint: "another engine version" }));
      }
      await writeFile(path.join(folder, names[0]!), serialize({ format: 99, entries: "from a newer engine" }));
      await rm(first.outDir, { recursive: true, force: true });
      const second = await buildSite({ cwd: site.root, env });
      expect(second.unchanged).toBe(false);
      expect(second.warnings.join("\n")).not.toMatch(/cache/i);
      expect(await readFile(path.join(second.outDir, "works.html"), "utf8")).toBe(page);
      // Written again under this engine's fingerprint.
      for (const name of names) {
        const stored = deserialize(await readFile(path.join(folder, name))) as { fingerprint: string };
        expect(stored.fingerprint, name).not.toBe("another engine version");
      }
    } finally {
      await site.remove();
    }
  }, 180_000);
});
