// The engine's stylesheet is written in parts (src/styles/site/*.css, imported by site.css in the
// cascade's order). A contributor edits one in a clone of the repository: the next build, cache and
// all, and `portfolio dev` already running must both show it. They run from a copy of the engine,
// so that the part edited is the copy's and no other test sees it.
import { type ChildProcess, spawn } from "node:child_process";
import { appendFile, cp, mkdtemp, readFile, readdir, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readStylesheet } from "../src/pipeline/engine-stylesheet.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

let engine: string;
let site: SiteCopy;
const part = (name: string) => path.join(engine, "src", "styles", "site", name);

/** `portfolio` of the engine's copy, as a contributor runs it in their clone. */
function portfolioOfCopy(args: string[]): ChildProcess {
  return spawn(process.execPath, [path.join(engine, "bin", "portfolio.js"), ...args], {
    cwd: site.root,
    env: { ...process.env, NO_COLOR: "1" },
  });
}

function finished(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, output })));
}

/** The text of the stylesheet a page links to, and its address. */
async function linkedStylesheet(html: string, fetchFile: (href: string) => Promise<string>) {
  const href = /<link rel="stylesheet" href="(\/assets\/site-\w+\.css)">/.exec(html)![1]!;
  return { href, css: await fetchFile(href) };
}

beforeAll(async () => {
  engine = await mkdtemp(path.join(tmpdir(), "portfolio-engine-"));
  for (const entry of ["package.json", "bin", "src", "templates"])
    await cp(path.join(repoRoot, entry), path.join(engine, entry), { recursive: true });
  await symlink(path.join(repoRoot, "node_modules"), path.join(engine, "node_modules"), "dir");
  site = await copySampleSite();
}, 60_000);
afterAll(async () => {
  await site?.remove();
  if (engine) await rm(engine, { recursive: true, force: true });
});

describe("the engine's stylesheet, in parts", () => {
  it("is read whole: each part in place of its import, in site.css's order", async () => {
    const styles = path.join(repoRoot, "src", "styles");
    const entry = await readFile(path.join(styles, "site.css"), "utf8");
    const parts = [...entry.matchAll(/^@import "\.\/(site\/[\w-]+\.css)";$/gm)].map((match) => match[1]!);
    expect(parts.length).toBeGreaterThan(10);
    expect((await readdir(path.join(styles, "site"))).map((name) => `site/${name}`).sort()).toEqual([...parts].sort());
    const whole = await readStylesheet(path.join(styles, "site.css"));
    expect(whole).not.toContain("@import");
    const texts = await Promise.all(parts.map((name) => readFile(path.join(styles, name), "utf8")));
    const starts = texts.map((text) => whole.indexOf(text));
    expect(starts.every((start) => start >= 0)).toBe(true);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("shows an edited part in the next build of a clone, though the build cache holds the bundle", async () => {
    const build = async () => {
      const run = await finished(portfolioOfCopy(["build"]));
      expect(run.code, run.output).toBe(0);
      const html = await readFile(path.join(site.root, "dist", "about.html"), "utf8");
      return linkedStylesheet(html, (href) => readFile(path.join(site.root, "dist", href), "utf8"));
    };
    const before = await build();
    expect(before.css).not.toContain("--edited-part");
    // Bundled as one file, as before the split: one layer block for the engine's rules, one for the skill bars' widths.
    expect(before.css.match(/@layer portfolio\.site\{/g)).toHaveLength(2);
    await appendFile(part("sidebar.css"), "\n.sidebar {\n  --edited-part: 1;\n}\n");
    const after = await build();
    expect(after.href).not.toBe(before.href);
    expect(/\.sidebar\{--edited-part: ?1\}/.test(after.css), "the edited rule in the stylesheet").toBe(true);
  }, 180_000);

  it("makes portfolio dev, running in the clone, serve a new stylesheet when a part is edited", async () => {
    const dev = portfolioOfCopy(["dev", "--port", "0"]);
    const run = finished(dev);
    let output = "";
    dev.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        dev.stdout?.on("data", () => {
          const match = /Developing at (http:\/\/127\.0\.0\.1:\d+\/)/.exec(output);
          if (match) resolve(match[1]!);
        });
        void run.then(({ code, output: all }) => reject(new Error(`dev exited with ${code}: ${all}`)));
      });
      const served = async () =>
        linkedStylesheet(await (await fetch(new URL("about", url))).text(), async (href) =>
          (await fetch(new URL(href, url))).text(),
        );
      const before = await served();
      expect(before.css).not.toContain("--edited-in-dev");
      await appendFile(part("print.css"), "\n.sidebar {\n  --edited-in-dev: 1;\n}\n");
      let after = before;
      for (let waited = 0; waited < 60_000 && after.href === before.href; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        after = await served();
      }
      expect(after.href).not.toBe(before.href);
      expect(/--edited-in-dev: ?1/.test(after.css), "the edited rule in the stylesheet").toBe(true);
    } finally {
      dev.kill();
      await run;
    }
  }, 180_000);
});
