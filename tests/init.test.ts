import { spawnSync } from "node:child_process";
import { createReadStream, existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../src/cli/main.js";
import type { AskChoice, AskText } from "../src/init/init-answers.js";
import { ArchiveCollector } from "../src/init/archive-rules.js";
import { readTarball } from "../src/init/read-tarball.js";
import { currentFormat } from "../src/project/site-record.js";
import { packSample } from "../scripts/pack-sample.js";
import { fingerprint, portfolioInProcess } from "./helpers/run-portfolio.js";
import { repoRoot } from "./helpers/sample-site.js";

const { version } = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
const answers = ["--name", "Ada Lovelace", "--job-title", "Analytical Engineer", "--email", "ada@example.com"];
const resumes = path.join(repoRoot, "tests", "fixtures", "json-resumes");
/** Words of the sample site, none of which a new site may carry. */
const sampleWords = ["Maya", "Okafor", "Lisbon", "Nordlys", "FleetWise", "maya-okafor"];

let work: string;
beforeEach(async () => {
  work = await mkdtemp(path.join(tmpdir(), "portfolio-init-"));
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

/** The site's files, without git's own (init makes the site a repository). */
async function filesOf(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !path.relative(folder, entry.parentPath).split(path.sep).includes(".git"))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/** Every HTML page the build wrote, as one text. */
async function pagesOf(site: string): Promise<string> {
  const files = (await filesOf(path.join(site, "dist"))).filter((file) => file.endsWith(".html"));
  expect(files.length).toBeGreaterThan(5);
  return (await Promise.all(files.map((file) => readFile(path.join(site, "dist", file), "utf8")))).join("\n");
}

/** Leftover staging folders beside the target: there must be none, whatever happened. */
async function stagingLeft(): Promise<string[]> {
  return (await readdir(work)).filter((name) => name.includes(".portfolio-init-"));
}

const skeleton = [
  ".github/workflows/deploy.yml",
  ".gitignore",
  "README.md",
  "content/about.md",
  "content/blog/my-first-post.md",
  "content/projects/your-first-project.md",
  "content/resume/education/01-your-degree.md",
  "content/resume/experience/01-your-current-role.md",
  "content/resume/skills.md",
  "content/resume/soft-skills.md",
  "content/services/01-what-you-do.md",
  "package.json",
  "portfolio-site.json",
  "portfolio.config.ts",
  "public/images/avatar.svg",
  "tsconfig.json",
];

describe("portfolio init with flags", () => {
  it("writes the site's files, depending on this version of portfolio-ssg, and says what to run next", async () => {
    const run = await portfolioInProcess(work, ["init", "my-site", ...answers]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const site = path.join(work, "my-site");
    expect(await filesOf(site)).toEqual(skeleton);
    const manifest = JSON.parse(await readFile(path.join(site, "package.json"), "utf8"));
    expect(manifest).toMatchObject({
      name: "my-site",
      private: true,
      type: "module",
      dependencies: { "portfolio-ssg": `^${version}` },
      engines: { node: ">=20.12" },
      scripts: { dev: "portfolio dev", build: "portfolio build", check: "portfolio check", cv: "portfolio cv" },
    });
    const config = await readFile(path.join(site, "portfolio.config.ts"), "utf8");
    expect(config).toContain('import { defineConfig } from "portfolio-ssg";');
    expect(config).toContain('    name: "Ada Lovelace",');
    expect(config).toContain('    jobTitle: "Analytical Engineer",');
    expect(config).toContain('    email: "ada@example.com",');
    // No address given: the line stays, commented out, for the owner to fill in.
    expect(config).toContain('    // url: "https://your-name.dev",');
    expect(config).toContain('  // cv: { file: "cv/ada-lovelace-cv.pdf", downloadAs: "Ada-Lovelace-CV.pdf" },');
    expect(config).not.toMatch(/\{\{\w+\}\}/);
    expect(JSON.parse(await readFile(path.join(site, "portfolio-site.json"), "utf8"))).toMatchObject({
      format: currentFormat,
      overrides: {},
    });
    expect(await readFile(path.join(site, ".gitignore"), "utf8")).toContain("node_modules/");
    const avatar = await readFile(path.join(site, "public", "images", "avatar.svg"), "utf8");
    expect(avatar).toMatch(/>AL<\/text>/);
    const workflow = await readFile(path.join(site, ".github", "workflows", "deploy.yml"), "utf8");
    expect(workflow).toContain("run: npx portfolio cv --if-configured");
    expect(workflow).toContain('run: npx portfolio build --base "${{ steps.pages.outputs.base_path }}/"');
    expect(workflow).not.toContain("bin/portfolio.js");
    const readme = await readFile(path.join(site, "README.md"), "utf8");
    expect(readme).toContain("# Ada Lovelace");
    expect(readme).toContain("npm update portfolio-ssg");
    expect(readme).toContain("npx portfolio upgrade");
    expect(run.stdout).toContain("✓ Started Ada Lovelace's site in my-site/");
    expect(run.stdout).toMatch(/Next:\n {2}cd my-site && npm install\n {2}npm run dev\n/);
    expect(await stagingLeft()).toEqual([]);
  });

  it("makes a site that builds with this engine, without warnings but the contact form's, carrying the owner's name and nothing of the sample", async () => {
    expect((await portfolioInProcess(work, ["init", "site", ...answers, "--url", "https://ada.example"])).code).toBe(0);
    const site = path.join(work, "site");
    expect(await readFile(path.join(site, "portfolio.config.ts"), "utf8")).toContain('    url: "https://ada.example",');
    const build = await portfolioInProcess(site, ["build"]);
    expect(build.code).toBe(0);
    // The only warning: no EmailJS keys, so the Contact page shows the address (as it should for a new site).
    expect(build.stderr.trim().split("\n")).toEqual([expect.stringMatching(/^! No EmailJS settings/)]);
    const pages = await pagesOf(site);
    expect(pages).toContain("Ada Lovelace");
    expect(pages).toContain("Analytical Engineer");
    expect(pages).toContain('<link rel="canonical" href="https://ada.example/');
    for (const word of sampleWords) expect(pages).not.toContain(word);
    // No CV yet: no button, no made-up PDF.
    expect(pages).not.toContain("Download CV");
    expect(existsSync(path.join(site, "public", "cv"))).toBe(false);
    // The post is a draft: left out until the owner publishes it.
    expect(pages).not.toContain("My first post");
    expect(pages).toContain("Your first project");
    // Its project is dated as the Resume dates its entries, the month named in the site's language.
    const thisMonth = new Intl.DateTimeFormat("en", { year: "numeric", month: "short" }).format(new Date());
    const works = await readFile(path.join(site, "dist", "works.html"), "utf8");
    expect(works.match(/<p class="project-year">([^<]*)</)?.[1]).toBe(thisMonth);
    expect(pages).not.toMatch(/\b\d{2}\/\d{4}\b/);
  });

  it("makes a site whose title, description, share cards and manifest follow the owner's name when it changes", async () => {
    expect((await portfolioInProcess(work, ["init", "site", ...answers])).code).toBe(0);
    const site = path.join(work, "site");
    const configFile = path.join(site, "portfolio.config.ts");
    const config = await readFile(configFile, "utf8");
    // What the build derives is not written, so that it cannot go stale.
    expect(config).not.toMatch(/^\s*(title|description):/m);
    await writeFile(configFile, config.replace('name: "Ada Lovelace"', 'name: "Ada King"'));
    expect((await portfolioInProcess(site, ["build"])).code).toBe(0);
    const about = await readFile(path.join(site, "dist", "index.html"), "utf8");
    expect(about).toMatch(/<title>[^<]*Ada King[^<]*<\/title>/);
    expect(about).toContain('<meta name="description" content="Ada King, Analytical Engineer">');
    expect(about).toContain('<meta property="og:site_name" content="Ada King — Analytical Engineer">');
    const manifest = JSON.parse(await readFile(path.join(site, "dist", "manifest.webmanifest"), "utf8"));
    expect(manifest).toMatchObject({
      name: "Ada King — Analytical Engineer",
      short_name: "Ada King",
      description: "Ada King, Analytical Engineer",
    });
    expect(await pagesOf(site)).not.toContain("Lovelace");
  });

  it("writes into the working folder when it is empty, and then names no folder to enter", async () => {
    const run = await portfolioInProcess(work, ["init", ...answers]);
    expect(run.code).toBe(0);
    expect(await filesOf(work)).toEqual(skeleton);
    expect(run.stdout).toContain("in this folder");
    expect(run.stdout).toMatch(/Next:\n {2}npm install\n/);
    const manifest = JSON.parse(await readFile(path.join(work, "package.json"), "utf8"));
    expect(manifest.name).toBe(path.basename(work).toLowerCase());
  });
});

describe("portfolio init --help", () => {
  it("names every flag", async () => {
    const run = await portfolioInProcess(work, ["init", "--help"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatchInlineSnapshot(`
      "Usage: portfolio init [options] [dir]

      Start a new site in a new folder: config, a first draft of the content, and how
      to deploy it

      Arguments:
        dir                           the new site's folder (default: this folder)

      Options:
        --name <name>                 your name, as the site shows it
        --job-title <title>           your job title, shown under your name
        --email <address>             your e-mail address
        --url <address>               the site's address, e.g. https://ada.dev
                                      (optional)
        -y, --yes                     ask nothing: take the answers from the flags
                                      (and --from)
        --sample [tarball-or-folder]  copy the sample site (Maya Okafor's) instead of
                                      the first draft
        --from <resume.json>          import a JSON Resume: your résumé, and the
                                      answers the flags do not give
        --no-git                      do not make the site a git repository (portfolio
                                      upgrade needs one)
        -f, --force                   write into a folder that is not empty (a file
                                      that is there is kept, never replaced)
        --host <name>                 where the site will be published: the settings
                                      that host needs (choices: "github", "netlify",
                                      "cloudflare", "vercel", "static", default:
                                      "github")
        --theme <initial>             the theme a visitor's first page is drawn in
                                      (asked; "system" with --yes) (choices: "light",
                                      "dark", "system")
        -h, --help                    display help for command
      "
    `);
  });
});

describe("the starter's deploy workflow", () => {
  it("passes the workflow validator", () => {
    const validator = createRequire(import.meta.url).resolve("@action-validator/cli/cli.mjs");
    const run = spawnSync(
      process.execPath,
      [validator, path.join(repoRoot, "starter", "site", ".github", "workflows", "deploy.yml")],
      {
        encoding: "utf8",
        env: { ...process.env, NO_COLOR: "1" },
      },
    );
    expect(run.stderr + run.stdout).toBe("");
    expect(run.status).toBe(0);
  });
});

describe("portfolio init refuses", () => {
  it("a folder that is not empty, writing nothing", async () => {
    const site = path.join(work, "taken");
    await mkdir(site);
    await writeFile(path.join(site, "notes.txt"), "mine");
    const before = await fingerprint(site);
    const run = await portfolioInProcess(work, ["init", "taken", ...answers]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("InitFolderNotEmpty: taken is not empty: it holds notes.txt.");
    expect(run.stderr).toContain("--force");
    expect(await fingerprint(site)).toBe(before);
    expect(await stagingLeft()).toEqual([]);
  });

  it("with --force, writes what is missing and keeps every file that is there, as it was", async () => {
    const site = path.join(work, "repo");
    await mkdir(path.join(site, "content"), { recursive: true });
    await writeFile(path.join(site, "README.md"), "# My repository\n");
    await writeFile(path.join(site, "content", "about.md"), "---\ntitle: Mine\n---\n\nAlready written.\n");
    await writeFile(path.join(site, "LICENSE"), "MIT");
    const run = await portfolioInProcess(work, ["init", "repo", ...answers, "--force"]);
    expect(run.code).toBe(0);
    expect(await readFile(path.join(site, "README.md"), "utf8")).toBe("# My repository\n");
    expect(await readFile(path.join(site, "content", "about.md"), "utf8")).toContain("Already written.");
    expect(await filesOf(site)).toEqual([...skeleton, "LICENSE"].sort());
    expect(run.stdout).toMatch(
      /left as they were \(init never replaces a file\):\n {2}- README\.md\n {2}- content\/about\.md/,
    );
    expect(run.stdout).toContain(`Started Ada Lovelace's site in repo/: ${skeleton.length - 2} files`);
  });

  it("a folder that holds a site already, even with --force", async () => {
    await writeFile(path.join(work, "portfolio.config.ts"), "export default {};\n");
    const before = await fingerprint(work);
    const run = await portfolioInProcess(work, ["init", ".", ...answers, "--force"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("InitFolderIsSite: . already holds a portfolio site (portfolio.config.ts)");
    expect(run.stderr).toContain("portfolio upgrade");
    expect(await fingerprint(work)).toBe(before);
  });

  it.each([
    [["--job-title", "Engineer", "--email", "a@b.co"], "--name is missing: expected your name"],
    [["--name", "Ada", "--email", "a@b.co"], "--job-title is missing: expected a job title"],
    [["--name", "Ada", "--job-title", "Engineer"], "--email is missing: expected an e-mail address"],
  ])("a missing answer without a terminal (%j), naming its flag", async (flags, message) => {
    const run = await portfolioInProcess(work, ["init", "site", ...flags]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`InitAnswerMissing: ${message}`);
    expect(run.stderr).toContain("Without a terminal, or with --yes, init asks nothing.");
    expect(existsSync(path.join(work, "site"))).toBe(false);
    expect(await stagingLeft()).toEqual([]);
  });

  it.each([
    ["--email", "ada-at-example", '--email: expected an e-mail address, got "ada-at-example"'],
    ["--url", "ftp://ada.example", "--url: expected an absolute http(s) URL such as https://ada.dev"],
    ["--name", "  ", "--name: expected the owner's name, got an empty string"],
    ["--job-title", "Two\nlines", "--job-title: expected a job title, shown under your name on one line"],
  ])("an invalid %s, saying what was expected", async (flag, value, message) => {
    const given = [...answers];
    const at = given.indexOf(flag);
    if (at === -1) given.push(flag, value);
    else given[at + 1] = value;
    const run = await portfolioInProcess(work, ["init", "site", ...given]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`OptionInvalid: ${message}`);
    expect(existsSync(path.join(work, "site"))).toBe(false);
  });

  it("answers about an owner with --sample, which copies the sample as it is", async () => {
    const run = await portfolioInProcess(work, ["init", "site", "--sample", "--name", "Ada"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("OptionInvalid: --name: cannot be used with --sample");
    expect(existsSync(path.join(work, "site"))).toBe(false);
  });
});

describe("portfolio init on a terminal", () => {
  /** Runs init with questions answered from a list (undefined: Ctrl-C), recording what was asked. */
  async function initAnswering(args: string[], replies: Array<string | undefined>) {
    const asked: Array<AskText | AskChoice> = [];
    let stdout = "";
    let stderr = "";
    const code = await runCli(args, {
      cwd: work,
      env: {},
      log: (text) => (stdout += `${text}\n`),
      warn: (text) => (stderr += `${text}\n`),
      ask: {
        text: async (question) => {
          asked.push(question);
          return replies.shift();
        },
        choose: async (question) => {
          asked.push(question);
          return replies.shift();
        },
      },
    });
    return { code, asked, stdout, stderr };
  }
  const validate = (question: AskText | AskChoice | undefined) => (question as AskText).validate;

  it("asks what the flags do not give, offering the résumé's basics, and checks each answer as the config does", async () => {
    const resume = path.join(resumes, "01-graduate-one-job.json");
    const run = await initAnswering(
      ["init", "site", "--name", "Ada Lovelace", "--from", resume],
      ["Backend Engineer", "ada@example.com", "", "dark"],
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.asked.map((question) => question.message)).toEqual([
      expect.stringMatching(/^Your job title/),
      expect.stringMatching(/^Your e-mail address/),
      expect.stringMatching(/^The site's address/),
      expect.stringMatching(/^The theme a visitor's first page/),
    ]);
    expect(run.asked.map((question) => question.initialValue)).toEqual([
      "Software Engineer",
      "nadia.haddad.dev@gmail.com",
      "https://nadiahaddad.dev",
      "system",
    ]);
    expect(validate(run.asked[1])("nope")).toBe('expected an e-mail address, got "nope"');
    expect(validate(run.asked[1])("ada@example.com")).toBeUndefined();
    // The address may be left empty; a wrong one may not.
    expect(validate(run.asked[2])("")).toBeUndefined();
    expect(validate(run.asked[2])("ada.dev")).toMatch(/expected an absolute http\(s\) URL/);
    // The first theme is a choice of three, the device's suggested.
    expect((run.asked[3] as AskChoice).options.map((option) => option.value)).toEqual(["system", "light", "dark"]);
    const config = await readFile(path.join(work, "site", "portfolio.config.ts"), "utf8");
    expect(config).toContain('name: "Ada Lovelace"');
    expect(config).toContain('jobTitle: "Backend Engineer"');
    expect(config).toContain('// url: "https://your-name.dev"');
    expect(config).toContain('initial: "dark"');
  });

  it("takes the first theme from --theme, asking it no more, and the device's (system) with --yes", async () => {
    const given = await initAnswering(["init", "given", ...answers, "--theme", "light"], [""]);
    expect(given.code).toBe(0);
    expect(given.asked.map((question) => question.message)).toEqual([expect.stringMatching(/^The site's address/)]);
    expect(await readFile(path.join(work, "given", "portfolio.config.ts"), "utf8")).toContain('initial: "light"');
    const unasked = await initAnswering(["init", "unasked", "--yes", ...answers], []);
    expect(unasked.code).toBe(0);
    expect(await readFile(path.join(work, "unasked", "portfolio.config.ts"), "utf8")).toContain('initial: "system"');
    const wrong = await initAnswering(["init", "wrong", "--yes", ...answers, "--theme", "auto"], []);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("Allowed choices are light, dark, system");
  });

  it("asks nothing with --yes", async () => {
    const run = await initAnswering(["init", "site", "--yes", "--name", "Ada"], ["never used"]);
    expect(run.asked).toEqual([]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("--job-title is missing");
  });

  it("writes nothing when a question is cancelled (Ctrl-C)", async () => {
    const run = await initAnswering(["init", "site"], ["Ada Lovelace", undefined]);
    expect(run.asked).toHaveLength(2);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Cancelled: nothing was written.");
    expect(run.stderr).not.toContain("✗");
    expect(await readdir(work)).toEqual([]);
  });
});

describe("portfolio init --from", () => {
  it("imports the JSON Resume into the new site, its basics filling what the flags do not give", async () => {
    const resume = path.join(resumes, "01-graduate-one-job.json");
    const run = await portfolioInProcess(work, ["init", "nadia", "--from", resume, "--job-title", "Backend Engineer"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const site = path.join(work, "nadia");
    const config = await readFile(path.join(site, "portfolio.config.ts"), "utf8");
    expect(config).toContain('name: "Nadia Haddad"');
    expect(config).toContain('jobTitle: "Backend Engineer"');
    expect(config).toContain('email: "nadia.haddad.dev@gmail.com"');
    expect(config).toContain('url: "https://nadiahaddad.dev"');
    expect(config).toContain('location: "Toronto, Ontario"');
    expect(config).toContain('{ kind: "code", label: "GitHub", url: "https://github.com/nhaddad", icon: "github" },');
    const files = await filesOf(site);
    // The résumé's entries, not the starter's stubs.
    expect(files).not.toContain("content/resume/experience/01-your-current-role.md");
    expect(files.filter((file) => file.startsWith("content/resume/experience/"))).not.toEqual([]);
    // And the résumé's projects, in place of the starter's example.
    expect(files.filter((file) => file.startsWith("content/projects/"))).toEqual([
      "content/projects/raft-in-rust-capstone.md",
    ]);
    expect(await readFile(path.join(site, "content", "about.md"), "utf8")).toContain("Recent CS grad from Waterloo");
    expect(run.stdout).toContain("Imported");
    expect(run.stdout).not.toContain("Paste into portfolio.config.ts");

    const build = await portfolioInProcess(site, ["build"]);
    expect(build.code).toBe(0);
    const pages = await pagesOf(site);
    expect(pages).toContain("Nadia Haddad");
    expect(pages).toContain("Lumen Freight");
    expect(pages).toContain("Raft in Rust (capstone)");
    for (const word of sampleWords) expect(pages).not.toContain(word);
  });

  it("stops before writing anything when the résumé is not valid", async () => {
    const run = await portfolioInProcess(work, [
      "init",
      "site",
      ...answers,
      "--from",
      path.join(resumes, "49-invalid-javascript-object.json"),
    ]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("ImportInvalid");
    expect(await readdir(work)).toEqual([]);
  });
});

describe("portfolio init and git", () => {
  /** runCli with an environment of the test's: git's settings, or a PATH without git. */
  async function initWith(env: Record<string, string>, args: string[]) {
    let stdout = "";
    const io = {
      cwd: work,
      env,
      log: (text: string) => (stdout += `${text}\n`),
      warn: (text: string) => (stdout += `${text}\n`),
    };
    const code = await runCli(args, io);
    return { code, stdout: stdout.replace(/\x1b\[[0-9;]*m/g, "") };
  }
  const gitIn = (folder: string, ...args: string[]) => spawnSync("git", args, { cwd: folder, encoding: "utf8" });

  it("makes the new site a git repository with a first commit of every file, even where git has no author set", async () => {
    // A fresh CI machine: no global or system git settings, so no user.name or user.email.
    const home = path.join(work, "home");
    await mkdir(home);
    const env = {
      HOME: home,
      XDG_CONFIG_HOME: home,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: path.join(home, "none"),
    };
    const run = await initWith(env, ["init", "my-site", ...answers, "--yes"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("✓ Made it a git repository, with a first commit of these files.");
    const site = path.join(work, "my-site");
    const log = spawnSync("git", ["log", "--format=%an <%ae>|%s"], {
      cwd: site,
      encoding: "utf8",
      env: { ...process.env, ...env },
    });
    expect(log.stdout.trim()).toBe("Ada Lovelace <ada@example.com>|Start the site with portfolio init");
    expect(gitIn(site, "status", "--porcelain", "--untracked-files=all").stdout).toBe("");
    expect(gitIn(site, "ls-files").stdout.trim().split("\n").sort()).toEqual(skeleton);
  });

  it("commits the sample too, and keeps the owner's own git author", async () => {
    const run = await initWith({}, ["init", "maya", "--sample"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("✓ Made it a git repository");
    const site = path.join(work, "maya");
    const configured = gitIn(work, "config", "--get", "user.name").stdout.trim();
    expect(gitIn(site, "log", "--format=%an").stdout.trim()).toBe(configured || "portfolio init");
    expect(gitIn(site, "status", "--porcelain", "--untracked-files=all").stdout).toBe("");
  });

  it("says how to make the repository that upgrade needs when git is not installed", async () => {
    const empty = path.join(work, "no-git-here");
    await mkdir(empty);
    const run = await initWith({ PATH: empty }, ["init", "my-site", ...answers, "--yes"]);
    expect(run.code).toBe(0);
    expect(existsSync(path.join(work, "my-site", ".git"))).toBe(false);
    expect(run.stdout).toContain(
      "git is not installed, so this is not a git repository yet. portfolio upgrade needs one",
    );
    expect(run.stdout).toContain('git init && git add -A && git commit -m "The site as init wrote it"');
  });

  it("makes no repository inside one the folder already belongs to, nor with --no-git", async () => {
    expect(gitIn(work, "init", "-q").status).toBe(0);
    const inside = await initWith({}, ["init", "my-site", ...answers, "--yes"]);
    expect(inside.code).toBe(0);
    expect(existsSync(path.join(work, "my-site", ".git"))).toBe(false);
    expect(inside.stdout).toContain(`It is inside the git repository at ${work}: commit it there.`);
    await rm(path.join(work, ".git"), { recursive: true });
    const skipped = await initWith({}, ["init", "other", ...answers, "--yes", "--no-git"]);
    expect(skipped.code).toBe(0);
    expect(existsSync(path.join(work, "other", ".git"))).toBe(false);
    expect(skipped.stdout).not.toContain("git");
  });
});

describe("portfolio init --sample", () => {
  let packs: string;
  let tarball: string;
  beforeAll(async () => {
    packs = await mkdtemp(path.join(tmpdir(), "portfolio-sample-packs-"));
    tarball = await packSample(packs);
  });
  afterAll(async () => {
    await rm(packs, { recursive: true, force: true });
  });

  const sampleFiles = async () =>
    [
      ...(await filesOf(path.join(repoRoot, "content"))).map((file) => `content/${file}`),
      ...(await filesOf(path.join(repoRoot, "public"))).map((file) => `public/${file}`),
      ".github/workflows/deploy.yml",
      ".gitignore",
      "README.md",
      "package.json",
      "portfolio-site.json",
      "portfolio.config.ts",
      "tsconfig.json",
    ].sort();

  it("copies the sample from this clone, its config importing portfolio-ssg, and the site checks clean", async () => {
    const run = await portfolioInProcess(work, ["init", "maya", "--sample"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const site = path.join(work, "maya");
    expect(await filesOf(site)).toEqual(await sampleFiles());
    const config = await readFile(path.join(site, "portfolio.config.ts"), "utf8");
    expect(config.split("\n")[0]).toBe('import { defineConfig } from "portfolio-ssg";');
    expect(config).toContain('name: "Maya Okafor"');
    expect(await readFile(path.join(site, "content", "about.md"), "utf8")).toBe(
      await readFile(path.join(repoRoot, "content", "about.md"), "utf8"),
    );
    expect(JSON.parse(await readFile(path.join(site, "package.json"), "utf8")).dependencies).toEqual({
      "portfolio-ssg": `^${version}`,
    });
    const check = await portfolioInProcess(site, ["check"]);
    expect(check.stderr).toBe("");
    expect(check.code).toBe(0);
  });

  it("copies the sample from a tarball made by npm run pack:sample, the same files as from the clone", async () => {
    expect(path.basename(tarball)).toBe(`portfolio-ssg-sample-${version}.tgz`);
    const run = await portfolioInProcess(work, ["init", "maya", "--sample", tarball]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const site = path.join(work, "maya");
    expect(await filesOf(site)).toEqual(await sampleFiles());
    expect(await fingerprint(path.join(site, "public"))).toBe(await fingerprint(path.join(repoRoot, "public")));
    expect(await fingerprint(path.join(site, "content"))).toBe(await fingerprint(path.join(repoRoot, "content")));
    expect((await readFile(path.join(site, "portfolio.config.ts"), "utf8")).split("\n")[0]).toBe(
      'import { defineConfig } from "portfolio-ssg";',
    );
  });

  it("refuses a tarball that is not a sample, leaving nothing behind", async () => {
    const other = path.join(work, "other.tgz");
    const made = spawnSync("tar", ["czf", other, "-C", repoRoot, "package.json"]);
    expect(made.status).toBe(0);
    const run = await portfolioInProcess(work, ["init", "site", "--sample", other]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("SampleInvalid");
    expect(run.stderr).toContain("it has no portfolio.config.ts, content/, public/");
    expect((await readdir(work)).sort()).toEqual(["other.tgz"]);
  });

  it("says how to name the folder when --sample took it for the sample's path", async () => {
    const run = await portfolioInProcess(work, ["init", "--sample", "my-site"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("portfolio init my-site --sample");
  });
});

describe("readTarball", () => {
  const readTarballFile = async (file: string) => {
    const collector = new ArchiveCollector();
    await readTarball(createReadStream(file), collector);
    return collector.result().files;
  };

  it("refuses links and paths that climb out of the archive", async () => {
    const folder = path.join(work, "archive");
    await mkdir(path.join(folder, "package"), { recursive: true });
    await writeFile(path.join(folder, "package", "a.txt"), "a");
    const plain = path.join(work, "plain.tgz");
    expect(spawnSync("tar", ["czf", plain, "-C", folder, "package"]).status).toBe(0);
    expect((await readTarballFile(plain)).map((file) => file.path)).toEqual(["package/a.txt"]);

    spawnSync("ln", ["-s", "/etc/passwd", path.join(folder, "package", "link")]);
    const linked = path.join(work, "linked.tgz");
    expect(spawnSync("tar", ["czf", linked, "-C", folder, "package"]).status).toBe(0);
    await expect(readTarballFile(linked)).rejects.toThrow(/is a link/);

    const climbing = path.join(work, "climbing.tar");
    expect(spawnSync("tar", ["cf", climbing, "-P", "-C", folder, "../archive/package/a.txt"]).status).toBe(0);
    await expect(readTarballFile(climbing)).rejects.toThrow(/not inside the sample/);
  });
});
