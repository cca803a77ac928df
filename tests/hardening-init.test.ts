import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip, gzipSync } from "node:zlib";
import { createWriteStream } from "node:fs";
import { Header } from "tar";
import { parse as parseYaml } from "yaml";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../src/cli/main.js";
import { loadConfig } from "../src/config/load-config.js";
import { codeString } from "../src/import/config-snippet.js";
import { readSample } from "../src/init/sample-files.js";
import { starterFiles, type StarterValues } from "../src/init/starter-files.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";

/**
 * Issue 37, findings 1, 2, 3, 4, 13 and 17: what `portfolio init` does with answers (flags,
 * prompts, a résumé given with --from) and with a sample given with --sample (a tarball or a
 * folder downloaded from anywhere). An answer must never become code in the new site's config;
 * a sample is data, read by one set of rules whether it is a tarball or a folder, and its config
 * is never run by init.
 */

let work: string;
let marker: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), "portfolio-hardening-init-"));
  marker = path.join(tmpdir(), `portfolio-init-ran-${process.pid}-${Date.now()}`);
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
  await rm(marker, { force: true });
});

async function filesOf(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  // Without git's own files: init makes the new site a repository.
  return entries
    .filter(
      (entry) => !entry.isDirectory() && !path.relative(folder, entry.parentPath).split(path.sep).includes(".git"),
    )
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** Code that leaves `marker` behind if it ever runs (no arrow: Markdown escaping would not break it). */
const payload = (marker: string) =>
  `import("node:child_process").then(function (c) { c.execSync(${JSON.stringify(`touch ${marker}`)}) })`;

/** The new site's config as a build loads it, and its text. */
async function generatedConfig(site: string) {
  const { config } = await loadConfig({ cwd: site, env: {} });
  return { config, text: await readFile(path.join(site, "portfolio.config.ts"), "utf8") };
}

/** A Markdown file's front matter, as the build reads it. */
async function frontMatter(file: string): Promise<Record<string, unknown>> {
  const text = await readFile(file, "utf8");
  return parseYaml(text.slice(4, text.indexOf("\n---", 4))) as Record<string, unknown>;
}

describe("answers written into the new site's config (finding 1)", () => {
  /** One-line answers (flags and prompts take no others), each naming markers of the starter. */
  const hostileAnswers = (marker: string) => [
    // The job title's marker was filled with the name, unquoted, in a second pass.
    { name: `"+${payload(marker)}+"`, jobTitle: "{{nameText}}" },
    // Markers inside markers, a quoted marker, and what ends a template literal, a comment or a script.
    {
      name: `Ada {{name}} {{{{title}}}} "{{cv}}" '{{jobTitle}}'`,
      jobTitle: `{{social}} {{today}} \`\${${payload(marker)}}\` */ </script> \\" //`,
    },
  ];

  it("writes flags as literal strings: the config loads, holds each value as it was given, and nothing runs", async () => {
    for (const [index, answer] of hostileAnswers(marker).entries()) {
      const site = path.join(work, `site-${index}`);
      const run = await portfolioInProcess(work, [
        "init",
        `site-${index}`,
        "--name",
        answer.name,
        "--job-title",
        answer.jobTitle,
        "--email",
        "ada@example.com",
        "--url",
        "https://ada.example/{{nameText}}",
      ]);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      const { config, text } = await generatedConfig(site);
      expect(config.owner.name).toBe(answer.name);
      expect(config.owner.jobTitle).toBe(answer.jobTitle);
      expect(config.site.title).toBe(`${answer.name} — ${answer.jobTitle}`);
      expect(config.site.url).toBe("https://ada.example/{{nameText}}");
      expect(text).toContain(`    name: ${codeString(answer.name)},`);
      expect(text).toContain(`    jobTitle: ${codeString(answer.jobTitle)},`);
      // The first post names no author: its byline follows owner.name, renamed or not.
      expect(await frontMatter(path.join(site, "content", "blog", "my-first-post.md"))).not.toHaveProperty("author");
      expect(existsSync(marker)).toBe(false);
    }
  });

  it("writes the answers given at the prompts as literal strings", async () => {
    const [answer] = hostileAnswers(marker);
    const replies = [answer!.name, answer!.jobTitle, "ada@example.com", ""];
    const code = await runCli(["init", "site"], {
      cwd: work,
      env: {},
      log: () => undefined,
      warn: () => undefined,
      ask: { text: async () => replies.shift(), choose: async () => "system" },
    });
    expect(code).toBe(0);
    const { config } = await generatedConfig(path.join(work, "site"));
    expect(config.owner.name).toBe(answer!.name);
    expect(config.owner.jobTitle).toBe(answer!.jobTitle);
    expect(existsSync(marker)).toBe(false);
  });

  it("writes a résumé's basics given with --from as literal strings, those no prompt checks (phone, location, profiles) too", async () => {
    const basics = {
      name: `Ada {{nameText}}"+${payload(marker)}+"`,
      label: "{{nameText}}",
      email: "ada@example.com",
      url: "https://ada.example",
      phone: `{{cv}}"+${payload(marker)}+"`,
      location: { city: `Lisbon\u2028${payload(marker)}\u2028//`, region: `*/ {{social}}\n${payload(marker)}` },
      profiles: [{ network: `GitHub {{nameText}}"+${payload(marker)}+"`, url: "https://github.com/ada" }],
    };
    await writeFile(path.join(work, "resume.json"), JSON.stringify({ basics }));
    const run = await portfolioInProcess(work, ["init", "site", "--from", "resume.json"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const { config, text } = await generatedConfig(path.join(work, "site"));
    expect(config.owner.name).toBe(basics.name);
    expect(config.owner.jobTitle).toBe(basics.label);
    expect(config.owner.phone).toBe(basics.phone);
    expect(config.owner.location).toBe(`${basics.location.city}, ${basics.location.region}`);
    expect(config.social.map((link) => link.label)).toEqual([basics.profiles[0]!.network]);
    // Neither U+2028 nor a newline ends a line of the config: each stays an escape inside its literal.
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(text).toContain(`    location: ${codeString(config.owner.location!)},`);
    expect(existsSync(marker)).toBe(false);
  });

  it("fills every starter file in one pass from any answers object: no value ends a line or is read for markers again", async () => {
    const template = (file: string) => readFile(path.join("starter", "site", file), "utf8");
    const hostile = `{{name}}{{nameText}}"{{title}}"\n\r\u2028\u2029${payload(marker)}*/</script>\${x}\`'"\\`;
    const values: StarterValues = {
      name: hostile,
      jobTitle: `{{jobTitle}}${hostile}`,
      email: "ada@example.com",
      phone: hostile,
      location: hostile,
      theme: "system",
      today: "2026-01-02",
    };
    const site = path.join(work, "site");
    for (const file of await starterFiles(values)) {
      await mkdir(path.dirname(path.join(site, file.path)), { recursive: true });
      await writeFile(path.join(site, file.path), file.contents);
      // Values that end lines stay escapes: every file has its template's lines (README's name is Markdown text).
      if (/\.(ts|md)$/.test(file.path) && file.path !== "README.md")
        expect(file.contents.toString("utf8").split("\n").length).toBe((await template(file.path)).split("\n").length);
    }
    const { config } = await generatedConfig(site);
    expect(config.owner).toMatchObject({
      name: hostile,
      jobTitle: values.jobTitle,
      phone: hostile,
      location: hostile,
    });
    expect(config.site.title).toBe(`${hostile} — ${values.jobTitle}`);
    expect(await frontMatter(path.join(site, "content", "blog", "my-first-post.md"))).not.toHaveProperty("author");
    expect(existsSync(marker)).toBe(false);
  });
});

/** A valid config, with `before` ahead of it. */
const sampleConfig = (before = "") =>
  [
    'import { defineConfig } from "portfolio-ssg";',
    before,
    "export default defineConfig({",
    '  site: { title: "Zoe Quint", description: "The sample of a test." },',
    '  owner: { name: "Zoe Quint", jobTitle: "Engineer", photo: "hello.svg", email: "zoe@example.com" },',
    "  social: [],",
    "});",
    "",
  ].join("\n");

/** A small sample site in `folder`: a config that names its owner plainly, a page and a photo. */
async function makeSample(folder: string, config = sampleConfig()): Promise<void> {
  await mkdir(path.join(folder, "content"), { recursive: true });
  await mkdir(path.join(folder, "public"), { recursive: true });
  await writeFile(path.join(folder, "portfolio.config.ts"), config);
  await writeFile(path.join(folder, "content", "about.md"), "---\n---\nHello.\n");
  await writeFile(path.join(folder, "public", "hello.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>\n');
}

/** What init adds beside a sample's own files. */
const sampleExtras = [
  ".github/workflows/deploy.yml",
  ".gitignore",
  "README.md",
  "package.json",
  "portfolio-site.json",
  "tsconfig.json",
];

/** `tar c[z]f` of `package/` in `parent`, with more paths appended when given (tar's own way to repeat one). */
function tarOf(file: string, parent: string, ...more: string[][]): string {
  expect(spawnSync("tar", [file.endsWith("gz") ? "czf" : "cf", file, "-C", parent, "package"]).status).toBe(0);
  for (const args of more) expect(spawnSync("tar", ["rf", file, ...args]).status).toBe(0);
  return file;
}

/** Runs init --sample, expecting a refusal as the catalogue gives it: exit 1, no stack, nothing of the site on disk. */
async function refusedSample(sample: string): Promise<string> {
  const before = (await readdir(work)).sort();
  const run = await portfolioInProcess(work, ["init", "site", "--sample", sample]);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(/^✗ Sample(Invalid|EntryRefused): /);
  expect(run.stderr).not.toContain("Unexpected");
  expect(run.stderr).not.toMatch(/^\s+at /m);
  expect((await readdir(work)).sort()).toEqual(before);
  return run.stderr;
}

describe("a sample folder is read as a tarball is (finding 2)", () => {
  let outside: string;
  beforeEach(async () => {
    outside = path.join(work, "outside");
    await mkdir(path.join(outside, "secrets"), { recursive: true });
    await writeFile(path.join(outside, "secrets", "id_rsa"), "PRIVATE KEY");
    await writeFile(path.join(outside, "other.config.ts"), sampleConfig());
  });

  it.each([
    ["content", "content", () => path.join(outside, "secrets")],
    ["public", "public", () => path.join(outside, "secrets")],
    ["the config", "portfolio.config.ts", () => path.join(outside, "other.config.ts")],
    ["a file deep in content/", "content/notes/key.md", () => path.join(outside, "secrets", "id_rsa")],
  ])("refuses a symbolic link as %s, naming it, and copies nothing", async (_, linked, target) => {
    const sample = path.join(work, "sample");
    await makeSample(sample);
    await rm(path.join(sample, linked), { recursive: true, force: true });
    await mkdir(path.dirname(path.join(sample, linked)), { recursive: true });
    await symlink(target(), path.join(sample, linked));
    const stderr = await refusedSample("sample");
    expect(stderr).toContain(`Cannot copy the sample sample: "${linked}": it is a link`);
  });

  it("refuses a pipe (no device or pipe is read, and init does not wait on it)", async () => {
    const sample = path.join(work, "sample");
    await makeSample(sample);
    expect(spawnSync("mkfifo", [path.join(sample, "public", "pipe")]).status).toBe(0);
    expect(await refusedSample("sample")).toContain('"public/pipe": it is not a regular file');
  });

  it("refuses a 3 GB file by its size, before reading it", async () => {
    const sample = path.join(work, "sample");
    await makeSample(sample);
    // A sparse file: 3 GB on paper, nothing on the disk.
    await writeFile(path.join(sample, "public", "video.mp4"), "");
    await truncate(path.join(sample, "public", "video.mp4"), 3 * 1024 ** 3);
    expect(await refusedSample("sample")).toContain('"public/video.mp4": it is 3072 MB, and a sample\'s file may be');
  });

  it("has the tarball's limits on entries, a file's size and the total, the same for a folder and its tarball", async () => {
    const sample = path.join(work, "package");
    await makeSample(sample);
    await writeFile(path.join(sample, "public", "big.bin"), Buffer.alloc(3000));
    const tarball = tarOf(path.join(work, "sample.tgz"), work);
    const limits = [
      [{ entries: 5, fileBytes: 10_000, totalBytes: 100_000 }, /holds more than 5 entries/],
      [{ entries: 100, fileBytes: 2000, totalBytes: 100_000 }, /"(package\/)?public\/big\.bin": it is 3 kB/],
      [{ entries: 100, fileBytes: 10_000, totalBytes: 2500 }, /the sample holds more than 3 kB/],
    ] as const;
    for (const [limit, problem] of limits)
      for (const source of ["package", "sample.tgz"]) {
        const refusal = await readSample({ kind: "path", path: source }, { cwd: work, env: {}, limits: limit }).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(refusal, `${source} with ${JSON.stringify(limit)}`).toMatchObject({
          message: expect.stringMatching(problem),
        });
      }
    expect(existsSync(tarball)).toBe(true);
  });
});

/** A tar stream of one file of `size` zeros, `package/<name>`, gzipped as it is made (at most a few kB in memory). */
function zerosTarball(name: string, size: number): Readable {
  const header = Buffer.alloc(512);
  new Header({ path: `package/${name}`, size, type: "File", mode: 0o644, mtime: new Date(0) }).encode(header, 0);
  const chunk = Buffer.alloc(1024 * 1024);
  async function* tar() {
    yield header;
    for (let left = size; left > 0; left -= chunk.length) yield chunk.subarray(0, Math.min(chunk.length, left));
    yield Buffer.alloc(((512 - (size % 512)) % 512) + 1024);
  }
  return Readable.from(tar()).pipe(createGzip({ level: 1 }));
}

describe("a gzip bomb given with --sample (finding 3)", () => {
  it("stops reading the archive as soon as what it unpacks passes the limit", async () => {
    const { ArchiveCollector } = await import("../src/init/archive-rules.js");
    const { readTarball } = await import("../src/init/read-tarball.js");
    const chunks: Buffer[] = [];
    for await (const chunk of zerosTarball("junk", 32 * 1024 * 1024)) chunks.push(chunk as Buffer);
    const gzipped = Buffer.concat(chunks);
    let read = 0;
    async function* slowly() {
      for (let at = 0; at < gzipped.length; at += 256) {
        read += 256;
        yield gzipped.subarray(at, at + 256);
      }
    }
    await expect(readTarball(slowly(), new ArchiveCollector(), 1024 * 1024)).rejects.toThrow(
      "unpacked, the sample holds more than 1 MB",
    );
    // 1 MB of 32 came out: about a thirty-second of the archive was read, not all of it.
    expect(read).toBeLessThan(gzipped.length / 4);
  });

  it("refuses an archive that unpacks past 200 MB, and one gzipped twice, with a clear error", async () => {
    const bomb = path.join(work, "bomb.tgz");
    await pipeline(zerosTarball("junk", 201 * 1024 * 1024), createWriteStream(bomb));
    expect(await refusedSample("bomb.tgz")).toContain("unpacked, the sample holds more than 200 MB");
    // The parser would inflate an inner gzip by itself, past any limit: refused.
    const inner = await readFile(bomb);
    await writeFile(path.join(work, "twice.tgz"), gzipSync(inner));
    expect(await refusedSample("twice.tgz")).toContain("it is compressed twice");
  });
});

describe("version-control metadata in a sample (finding 4)", () => {
  /** `.git` as git, Windows and macOS read the name, each with a command git would run. */
  async function addMetadata(sample: string): Promise<void> {
    const fsmonitor = `[core]\n\tfsmonitor = touch ${marker}\n`;
    for (const folder of ["content/.git", "content/notes/.GIT", "public/.git.", "public/\u200c.git"]) {
      await mkdir(path.join(sample, folder, "hooks"), { recursive: true });
      await writeFile(path.join(sample, folder, "config"), fsmonitor);
      await writeFile(path.join(sample, folder, "hooks", "post-checkout"), `#!/bin/sh\ntouch ${marker}\n`);
    }
    // A submodule's .git is a file that points elsewhere.
    await mkdir(path.join(sample, "content", "blog"), { recursive: true });
    await writeFile(path.join(sample, "content", "blog", ".git"), "gitdir: ../../../elsewhere\n");
  }

  const leftOut = ["content/.git", "content/blog/.git", "content/notes/.GIT", "public/.git.", "public/\u200c.git"];

  it("leaves .git out of a sample folder, in any spelling, and says so", async () => {
    const sample = path.join(work, "sample");
    await makeSample(sample);
    await addMetadata(sample);
    const run = await portfolioInProcess(work, ["init", "site", "--sample", "sample"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(await filesOf(path.join(work, "site"))).toEqual(
      ["content/about.md", "portfolio.config.ts", "public/hello.svg", ...sampleExtras].sort(),
    );
    expect(run.stdout).toContain("Left out of the sample: version-control data");
    for (const folder of leftOut) expect(run.stdout).toContain(`  - ${folder}`);
  });

  it("leaves .git out of a sample tarball", async () => {
    const sample = path.join(work, "package");
    await makeSample(sample);
    await addMetadata(sample);
    tarOf(path.join(work, "sample.tgz"), work);
    const run = await portfolioInProcess(work, ["init", "site", "--sample", "sample.tgz"]);
    expect(run.code).toBe(0);
    expect(await filesOf(path.join(work, "site"))).toEqual(
      ["content/about.md", "portfolio.config.ts", "public/hello.svg", ...sampleExtras].sort(),
    );
  });
});

describe("a sample tarball that names a path twice (finding 13)", () => {
  it("refuses a repeated path, naming it", async () => {
    await makeSample(path.join(work, "package"));
    const tarball = tarOf(path.join(work, "twice.tar"), work, ["-C", work, "package/content/about.md"]);
    await rm(path.join(work, "package"), { recursive: true });
    const stderr = await refusedSample(path.basename(tarball));
    expect(stderr).toContain('"package/content/about.md": it is in the sample twice');
  });

  it("refuses a file and a folder of one name, naming it", async () => {
    const first = path.join(work, "first");
    await makeSample(path.join(first, "package"));
    await writeFile(path.join(first, "package", "content", "posts"), "a file");
    const second = path.join(work, "second");
    await mkdir(path.join(second, "package", "content", "posts"), { recursive: true });
    await writeFile(path.join(second, "package", "content", "posts", "a.md"), "---\n---\n");
    tarOf(path.join(work, "both.tar"), first, ["-C", second, "package/content/posts/a.md"]);
    await rm(first, { recursive: true });
    await rm(second, { recursive: true });
    expect(await refusedSample("both.tar")).toContain('"package/content/posts/a.md": it is both a file and a folder');
  });

  it("refuses two names that a disk ignoring case takes for one", async () => {
    const sample = path.join(work, "sample");
    await makeSample(sample);
    await writeFile(path.join(sample, "content", "About.md"), "---\n---\n");
    expect(await refusedSample("sample")).toMatch(
      /"content\/(about|About)\.md": it is in the sample twice \("content\/(About|about)\.md", on a disk that ignores case/,
    );
  });
});

describe("the sample's config during init (finding 17)", () => {
  it("is copied, never run: a side effect of the config does not happen, and the owner is told to read it first", async () => {
    const sample = path.join(work, "sample");
    await makeSample(
      sample,
      sampleConfig(
        `import { writeFileSync } from "node:fs";\nwriteFileSync(${JSON.stringify(marker)}, "the config ran");\n`,
      ),
    );
    const run = await portfolioInProcess(work, ["init", "site", "--sample", "sample"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(run.stdout).toContain("✓ Started Zoe Quint's site in site/");
    expect(run.stdout).toContain(
      "portfolio.config.ts is the sample's code, and every build runs it (init has not): read it before npm run dev.",
    );
    expect(JSON.parse(await readFile(path.join(work, "site", "package.json"), "utf8")).description).toBe(
      "The portfolio site of Zoe Quint",
    );
  });

  it("names no owner when the config does not give the name as plain text", async () => {
    const sample = path.join(work, "sample");
    await makeSample(
      sample,
      sampleConfig('const who = ["Zoe", "Quint"].join(" ");').replace('name: "Zoe Quint"', "name: who"),
    );
    const run = await portfolioInProcess(work, ["init", "site", "--sample", "sample"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("✓ Started the sample site in site/");
  });
});
