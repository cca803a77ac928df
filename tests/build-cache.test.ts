import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";

// One site, built again and again with its cache kept: each change of one input must show in the
// output, and a build that changed nothing must give the same output.
let site: SiteCopy;
const build = () => buildSite({ cwd: site.root, env: {}, precompress: true });
const output = (result: BuildResult, file: string) => readFile(path.join(result.outDir, file), "utf8");

beforeAll(async () => {
  site = await copySampleSite();
  await build();
});
afterAll(async () => {
  await site.remove();
});

describe("a rebuild that reuses the build cache", () => {
  it("gives the same pages, stylesheet and compressed copies when nothing changed", async () => {
    const first = await build();
    const second = await build();
    expect(second.pagesDigest).toBe(first.pagesDigest);
    expect(second.stylesheet).toBe(first.stylesheet);
    expect(await output(second, "works.html")).toBe(await output(first, "works.html"));
  });

  it("writes no cache file when nothing changed, and the next build still reuses them", async () => {
    await build();
    const { stat } = await import("node:fs/promises");
    const cacheFiles = ["content", "bundle", "images", "compressed"].map((name) =>
      path.join(site.root, ".portfolio", "cache", `${name}.bin`),
    );
    const before = await Promise.all(
      cacheFiles.map(async (file) => ({ bytes: await readFile(file), modified: (await stat(file)).mtimeMs })),
    );
    const again = await build();
    const after = await Promise.all(
      cacheFiles.map(async (file) => ({ bytes: await readFile(file), modified: (await stat(file)).mtimeMs })),
    );
    expect(after).toEqual(before);
    expect(again.warnings.join("\n")).not.toContain("cache");
  });

  it("shows an edited content file, in its page and in its compressed copy", async () => {
    const project = await site.read("content/projects/fleetwise.md");
    await site.write(
      "content/projects/fleetwise.md",
      project.replace(/\n---\n/, "\n---\nA sentence added for the cache test.\n"),
    );
    const result = await build();
    expect(await output(result, "works/fleetwise.html")).toContain("A sentence added for the cache test.");
    const { brotliDecompressSync } = await import("node:zlib");
    const compressed = await readFile(path.join(result.outDir, "works/fleetwise.html.br"));
    expect(brotliDecompressSync(compressed).toString()).toContain("A sentence added for the cache test.");
  });

  it("shows a changed skill level in the stylesheet the bars take their width from", async () => {
    const before = await build();
    const skills = await site.read("content/resume/skills.md");
    await site.write("content/resume/skills.md", skills.replace("percent: 90 }", "percent: 37 }"));
    const result = await build();
    expect(result.stylesheet).not.toBe(before.stylesheet);
    expect(await output(result, result.stylesheet)).toContain('[data-percent="37"]{width:37%}');
  });

  it("shows the owner's CSS as soon as it is added, changed or removed", async () => {
    await site.write("templates/site.css", ".name { letter-spacing: 0.01em; }\n");
    const added = await build();
    expect(await output(added, added.stylesheet)).toContain(".name{letter-spacing:.01em}");
    await site.write("templates/site.css", ".name { letter-spacing: 0.02em; }\n");
    const changed = await build();
    expect(await output(changed, changed.stylesheet)).toContain(".name{letter-spacing:.02em}");
    const { rm } = await import("node:fs/promises");
    await rm(path.join(site.root, "templates"), { recursive: true });
    const removed = await build();
    expect(await output(removed, removed.stylesheet)).not.toContain(".name{letter-spacing:.0");
  });

  it("shows a changed config in every page", async () => {
    const config = await site.read("portfolio.config.ts");
    await site.write("portfolio.config.ts", config.replace('jobTitle: "', 'jobTitle: "Cached '));
    const result = await build();
    expect(await output(result, "resume.html")).toContain("Cached ");
  });

  it("compiles the config again when a file it imports changes, and runs it afresh every time", async () => {
    const config = await site.read("portfolio.config.ts");
    await site.write("title.ts", 'export const title = "Imported Title";\n');
    await site.write(
      "portfolio.config.ts",
      `import { title } from "./title.ts";\n${config.replace(/jobTitle: "[^"]*"/, 'jobTitle: title + " " + (process.env.TITLE_SUFFIX ?? "")')}`,
    );
    const compiled = path.join(site.root, ".portfolio", "cache", "config.bin");
    // The config's own code reads the process's environment, as an owner's config may.
    process.env.TITLE_SUFFIX = "One";
    const first = await build();
    expect(await output(first, "resume.html")).toContain("Imported Title One");
    const kept = await readFile(compiled);
    // The compiled copy is used again, but the environment it reads is this build's.
    process.env.TITLE_SUFFIX = "Two";
    const second = await build();
    expect(await output(second, "resume.html")).toContain("Imported Title Two");
    expect((await readFile(compiled)).equals(kept)).toBe(true);
    // A change in the imported file, not in the config itself, is seen.
    await site.write("title.ts", 'export const title = "Edited Title";\n');
    const third = await build();
    expect(await output(third, "resume.html")).toContain("Edited Title Two");
    expect((await readFile(compiled)).equals(kept)).toBe(false);
    delete process.env.TITLE_SUFFIX;
    await site.write("portfolio.config.ts", config);
  });

  it("makes new copies of a changed photo, and reuses it while the photo is unchanged", async () => {
    const { default: sharp } = await import("sharp");
    const photo = (red: number) =>
      sharp({ create: { width: 640, height: 400, channels: 3, background: { r: red, g: 90, b: 160 } } })
        .png({ compressionLevel: 0 })
        .toBuffer();
    const { writeFile: write } = await import("node:fs/promises");
    await write(path.join(site.root, "public/images/photo.png"), await photo(20));
    const project = await site.read("content/projects/sitelog.md");
    await site.write("content/projects/sitelog.md", project.replace(/\nimage: [^\n]*/, "\nimage: images/photo.png"));
    const copyIn = async (result: BuildResult) =>
      /srcSet="(\/assets\/images\/photo-\d+-[A-Za-z0-9]{8}\.avif) /.exec(
        await output(result, "works/sitelog.html"),
      )?.[1];
    const first = await copyIn(await build());
    expect(first).toBeDefined();
    expect(await copyIn(await build())).toBe(first);
    await write(path.join(site.root, "public/images/photo.png"), await photo(200));
    const changed = await copyIn(await build());
    expect(changed).toBeDefined();
    expect(changed).not.toBe(first);
  });

  it("copies a changed file of public/", async () => {
    const svg = await site.read("public/images/avatar.svg");
    await site.write("public/images/avatar.svg", svg.replace("</svg>", "<!-- changed --></svg>"));
    const result = await build();
    expect(await output(result, "images/avatar.svg")).toContain("<!-- changed -->");
  });
});
