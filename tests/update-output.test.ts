import { mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordOutput, updateOutput } from "../src/pipeline/update-output.js";

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(tmpdir(), "portfolio-update-"));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("updating portfolio dev's output in place", () => {
  it("refuses a folder no earlier write recorded, so the caller writes it whole", async () => {
    expect(await updateOutput(folder, folder, [{ file: "index.html", contents: "a" }])).toBe(false);
    expect(await readdir(folder)).toEqual([]);
  });

  it("writes only the files that changed, adds new ones and deletes those that are gone", async () => {
    const first = [
      { file: "index.html", contents: "home" },
      { file: "blogs/a.html", contents: "a" },
      { file: "blogs/b.html", contents: "b" },
    ];
    await mkdir(path.join(folder, "blogs"), { recursive: true });
    for (const { file, contents } of first) await writeFile(path.join(folder, file), contents);
    await recordOutput(folder, folder, first);
    const untouched = (await stat(path.join(folder, "blogs/b.html"))).mtimeMs;
    await new Promise((resolve) => setTimeout(resolve, 20));

    const second = [
      { file: "index.html", contents: "home, edited" },
      { file: "blogs/b.html", contents: "b" },
      { file: "blogs/c.html", contents: "c" },
    ];
    expect(await updateOutput(folder, folder, second)).toBe(true);
    expect(await readFile(path.join(folder, "index.html"), "utf8")).toBe("home, edited");
    expect(await readFile(path.join(folder, "blogs/c.html"), "utf8")).toBe("c");
    expect((await readdir(path.join(folder, "blogs"))).sort()).toEqual(["b.html", "c.html"]);
    expect((await stat(path.join(folder, "blogs/b.html"))).mtimeMs).toBe(untouched);
    expect((await readdir(folder, { recursive: true })).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });
});
