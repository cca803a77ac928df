import { spawn } from "node:child_process";
import { copyFile, readFile, readdir } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fingerprint, portfolio, portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";
import { sampleRoutes } from "./helpers/routes-table.js";

let site: SiteCopy;
/**
 * A build that sets a test up, or that shows a file `new` wrote builds: run in this process, by the
 * same command-line code (a child process per build was a third of this file's time). What the
 * owner meets from the `portfolio` program itself (its output, exit codes and messages) is asked
 * of a child process.
 */
const buildInProcess = (...args: string[]) => portfolioInProcess(site.root, ["build", ...args]);
beforeEach(async () => {
  // These tests are of the command line (its exit codes, messages and output), not of a cold build.
  site = await copySampleSite({ warmCache: true });
});
afterEach(async () => {
  await site.remove();
});

describe("portfolio build", () => {
  it("prints one summary line and a per-route size table", async () => {
    const run = await portfolio(["build"], site.root);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^✓ Built 17 pages \(\d+ files\) into dist\/ in \d+(\.\d+)? m?s$/);
    expect(run.stdout).toMatch(/Route\s+HTML\s+CSS\s+JS/);
    for (const route of [
      "/",
      "/about",
      "/resume",
      "/works",
      "/blogs",
      "/contact",
      "/works/* (9, largest)",
      "/search",
      "(404)",
    ]) {
      expect(run.stdout).toMatch(new RegExp(`\\n\\s+${route.replace(/[()/*]/g, "\\$&")}\\s+[\\d.]+ k?B / [\\d.]+ k?B`));
    }
  });

  it("builds into --out under --base", async () => {
    const run = await portfolio(["build", "--out", "public-site", "--base", "/portfolio/"], site.root);
    expect(run.code).toBe(0);
    const html = await readFile(path.join(site.root, "public-site", "resume.html"), "utf8");
    expect(html).toContain('href="/portfolio/works"');
    expect(html).toMatch(/href="\/portfolio\/assets\/site-\w+\.css"/);
  });

  it("leaves the previous output untouched when the content is broken", async () => {
    expect((await buildInProcess()).code).toBe(0);
    const before = await fingerprint(path.join(site.root, "dist"));
    const skills = await site.read("content/resume/skills.md");
    await site.write("content/resume/skills.md", skills.replace(/(percent:\s*)90\b/, "$1ninety"));

    const run = await portfolio(["build"], site.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("ContentInvalid");
    expect(run.stderr).toContain("content/resume/skills.md");
    expect(run.stderr).toMatch(/skills\[\d\]\.percent: expected a number from 0 to 100/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await fingerprint(path.join(site.root, "dist"))).toBe(before);
    expect((await readdir(site.root)).filter((name) => name.startsWith("dist."))).toEqual([]);
  });

  it.each([
    ["malformed front matter", "content/projects/zz.md", "---\ntitle: [oops\n---\n", "front matter: is not valid YAML"],
    ["a missing title", "content/other-projects/zz.md", '---\nyear: "2020"\n---\nText\n', "title: is missing"],
    [
      "an unknown category",
      "content/blog/zz.md",
      "---\ntitle: T\nauthor: A\ndate: 2025-01-01\ncategory: Nope\n---\nText\n",
      'category: "Nope" is not a known category',
    ],
  ])("fails with exit 1 and one clear message for %s, keeping the old output", async (_case, file, text, expected) => {
    expect((await buildInProcess()).code).toBe(0);
    const before = await fingerprint(path.join(site.root, "dist"));
    await site.write(file, text);
    const run = await portfolio(["build"], site.root);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(file);
    expect(run.stderr).toContain(expected);
    expect(run.stderr.trim().split("\n").length).toBeLessThan(6);
    expect(await fingerprint(path.join(site.root, "dist"))).toBe(before);
  });

  it("says so when there is no config, without a stack trace", async () => {
    const run = await portfolio(["build", "--config", "missing.config.ts"], site.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Cannot find the config file missing.config.ts");
    expect(run.stderr).toContain("--config");
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });

  it("refuses to write over the project itself", async () => {
    const run = await portfolio(["build", "--out", "."], site.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Refusing to write the site into");
  });
});

describe("the command line", () => {
  it("rejects an unknown flag with exit 1 and a hint", async () => {
    const run = await portfolio(["build", "--frobnicate"], site.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("unknown option '--frobnicate'");
    expect(run.stderr).toContain("portfolio --help");
  });

  it("rejects a port that is not a number", async () => {
    const run = await portfolio(["serve", "--port", "eighty"], site.root);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("expected a port number");
  });

  it("prints its version", async () => {
    const run = await portfolio(["--version"], site.root);
    const { version } = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(version);
  });

  it("explains itself with --help", async () => {
    const run = await portfolio(["--help"], site.root);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatchInlineSnapshot(`
      "Usage: portfolio [options] [command]

      Build and serve a developer's portfolio site from portfolio.config.ts and
      content/.

      Options:
        -v, --version                   print the version
        -h, --help                      show help

      Commands:
        init [options] [dir]            Start a new site in a new folder: config, a
                                        first draft of the content, and how to deploy
                                        it
        dev [options]                   Build, serve on 127.0.0.1 and rebuild on every
                                        save: open pages update themselves and show
                                        mistakes
        build [options]                 Build the static site from portfolio.config.ts
                                        and content/
        check [options]                 Validate the config, content/ and public/, and
                                        check every internal link, writing nothing
        host [options] <name>           Add the settings a host needs to publish the
                                        site (then: portfolio build && portfolio check
                                        --host <name>)
        new [options] <kind> <title>    Write a new post or project into content/,
                                        with every field explained
        import [options] <resume.json>  Turn a JSON Resume into content/ and print its
                                        basics as config to paste
        serve [options]                 Serve what portfolio build wrote, as a preview
                                        of the deployed site (building it first when
                                        there is none)
        cv [options]                    Build the site and print its Resume page to
                                        the CV PDF in public/ with Chromium
        upgrade [options]               Bring the site's files to this portfolio's
                                        format: shows the diff; --write writes it
        eject [options] [files...]      Copy one of the engine's default files or
                                        components into the site, to change it
                                        (upgrade then follows the default)
        help [command]                  display help for command

      Examples:
        $ portfolio init my-site               start a new site in my-site/ (asks your name, title, e-mail)
        $ portfolio dev --open                 work on the site: pages update as you save
        $ portfolio new post "My first post"   write content/blog/my-first-post.md
        $ portfolio import resume.json         turn a JSON Resume into content/
        $ portfolio check                      validate everything and check every link, writing nothing
        $ portfolio build                      build the site into dist/
        $ portfolio build --base /portfolio/   for a site served under /portfolio/
        $ portfolio host netlify               add the settings Netlify needs (github, cloudflare, vercel, static)
        $ portfolio check --host netlify       read dist/ as Netlify serves it: fail on an address it would not answer
        $ portfolio serve --open               preview dist/ on http://127.0.0.1:8080/ and open it
        $ portfolio cv                         print the Resume page to the CV PDF in public/
        $ portfolio upgrade                    after npm update: show what the new version changes (a diff)
        $ portfolio upgrade --write            write those changes (git must show no uncommitted change)
        $ portfolio eject templates/page.html  copy the default page shell into the site, to change it
        $ portfolio eject --list               the components and files you can replace or wrap
      "
    `);
  });

  it("explains each command", async () => {
    const build = await portfolio(["build", "--help"], site.root);
    expect(build.stdout).toMatchInlineSnapshot(`
      "Usage: portfolio build [options]

      Build the static site from portfolio.config.ts and content/

      Options:
        -c, --config <file>  config file (default: "portfolio.config.ts")
        -o, --out <dir>      output folder (default: dist beside the config)
        -b, --base <path>    path the site is served under, e.g. /portfolio/
                             (overrides site.base)
        --drafts             include posts marked draft: true, marked as drafts
        --precompress        also write .br and .gz copies of the text files, for
                             nginx's gzip_static
        --host <name>        lay the output out as that host publishes it: Netlify,
                             Cloudflare Pages and Vercel serve it at the domain's
                             root, so a site under a base path goes into that folder
                             inside it (choices: "github", "netlify", "cloudflare",
                             "vercel", "nginx", "caddy", "serve", "http-server")
        -h, --help           display help for command
      "
    `);
    const dev = await portfolio(["dev", "--help"], site.root);
    expect(dev.stdout).toMatchInlineSnapshot(`
      "Usage: portfolio dev [options]

      Build, serve on 127.0.0.1 and rebuild on every save: open pages update
      themselves and show mistakes

      Options:
        -c, --config <file>    config file (default: "portfolio.config.ts")
        -p, --port <number>    port to listen on; when the default is taken, the next
                               free one (default: 8080)
        -H, --host <address>   address to bind; use 0.0.0.0 to share on your network
                               (default: "127.0.0.1")
        --allowed-host <name>  also answer requests for this name, e.g.
                               my-laptop.local (repeatable)
        --open                 open the site in your browser
        --drafts               include posts marked draft: true, marked as drafts
        -h, --help             display help for command
      "
    `);
    const scaffold = await portfolio(["new", "--help"], site.root);
    expect(scaffold.stdout).toMatchInlineSnapshot(`
      "Usage: portfolio new [options] <kind> <title>

      Write a new post or project into content/, with every field explained

      Arguments:
        kind                 what to write (choices: "post", "project")
        title                its title, in quotes

      Options:
        -c, --config <file>  config file (default: "portfolio.config.ts")
        --folder             write it as a folder (<slug>/index.md), to keep its
                             images beside it
        -h, --help           display help for command
      "
    `);
    const imported = await portfolio(["import", "--help"], site.root);
    expect(imported.stdout).toMatchInlineSnapshot(`
      "Usage: portfolio import [options] <resume.json>

      Turn a JSON Resume into content/ and print its basics as config to paste

      Arguments:
        resume.json          a JSON Resume file (https://jsonresume.org)

      Options:
        -c, --config <file>  config file (default: "portfolio.config.ts")
        -f, --force          replace the files import wrote before; one changed since
                             is kept, the new version written beside it as
                             <name>.imported.md
        --strict             refuse the file when a value needs your decision (an
                             ambiguous date), instead of importing the rest
        -h, --help           display help for command
      "
    `);
    const serve = await portfolio(["serve", "--help"], site.root);
    expect(serve.stdout).toMatchInlineSnapshot(`
      "Usage: portfolio serve [options]

      Serve what portfolio build wrote, as a preview of the deployed site (building it
      first when there is none)

      Options:
        -c, --config <file>    config file (default: "portfolio.config.ts")
        -o, --out <dir>        folder to serve (default: dist beside the config)
        -p, --port <number>    port to listen on; when the default is taken, the next
                               free one (default: 8080)
        -H, --host <address>   address to bind; use 0.0.0.0 to share on your network
                               (default: "127.0.0.1")
        --allowed-host <name>  also answer requests for this name, e.g.
                               my-laptop.local (repeatable)
        --open                 open the site in your browser
        -w, --watch            rebuild when the config, content/, public/ or
                               templates/ change
        -h, --help             display help for command
      "
    `);
    const cv = await portfolio(["cv", "--help"], site.root);
    expect(cv.stdout).toMatchInlineSnapshot(`
      "Usage: portfolio cv [options]

      Build the site and print its Resume page to the CV PDF in public/ with Chromium

      Options:
        -c, --config <file>  config file (default: "portfolio.config.ts")
        -o, --out <file>     PDF to write (default: cv.file of the config, in public/)
        --if-configured      print the CV only when the config has cv (for CI):
                             otherwise say so and succeed
        -h, --help           display help for command
      "
    `);
  });
});

/** Starts `portfolio serve` on a free port and answers the URL it prints. */
async function startServe(cwd: string, args: string[] = []) {
  return startServing(cwd, ["serve", "--port", "0", ...args]);
}

/** Starts a command that serves the site (`serve`, `dev`), and answers the URL it prints once it listens. */
async function startServing(cwd: string, args: string[]) {
  const child = spawn(process.execPath, [path.join(repoRoot, "bin", "portfolio.js"), ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: "1" },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    const check = () => {
      const match = output.match(/(?:Serving .*|Developing) at (http:\/\/127\.0\.0\.1:\d+\/)/);
      if (match) resolve(match[1]!);
    };
    child.stdout.on("data", check);
    child.on("close", (code) => reject(new Error(`serve exited with ${code}: ${output}`)));
  });
  return { child, url, output: () => output };
}

async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("portfolio serve", () => {
  it("with --watch rebuilds on a content change, and keeps serving the last good site on a mistake", async () => {
    const { child, url, output } = await startServe(site.root, ["--watch"]);
    try {
      const about = await site.read("content/about.md");
      await site.write("content/about.md", about.replace("---\n\n", "---\n\nFreshly edited bio line.\n\n"));
      const page = () => fetch(url).then((response) => response.text());
      expect(await eventually(page, (html) => html.includes("Freshly edited bio line."))).toContain(
        "Freshly edited bio line.",
      );

      await site.write("content/resume/skills.md", "---\nskills: [oops\n---\n");
      await eventually(
        async () => output(),
        (text) => text.includes("ContentInvalid"),
      );
      expect(output()).toContain("content/resume/skills.md");
      expect(await page()).toContain("Freshly edited bio line.");
    } finally {
      child.kill();
    }
  });

  it.each(["serve", "dev"])(
    "portfolio %s without --port takes the next free port when the default one is taken, and says which",
    async (command) => {
      const { createServer } = await import("node:net");
      const blocker = createServer();
      // The default port, held for the test; something else may hold it already, which does as well.
      await new Promise<void>((resolve) => {
        blocker.once("error", () => resolve());
        blocker.listen(8080, "127.0.0.1", () => resolve());
      });
      const { child, url, output } = await startServing(site.root, [command]);
      try {
        const taken = Number(new URL(url).port);
        expect(taken).toBeGreaterThan(8080);
        expect(taken).toBeLessThanOrEqual(8090);
        expect(output()).toContain(`! Port 8080 is in use, so this server took port ${taken}.`);
        expect((await fetch(`${url}resume`)).status).toBe(200);
      } finally {
        child.kill();
        blocker.close();
      }
    },
  );

  it("says so when the port is taken, without a stack trace", async () => {
    const { createServer } = await import("node:net");
    const blocker = createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, "127.0.0.1", () => resolve((blocker.address() as { port: number }).port)),
    );
    try {
      expect((await buildInProcess()).code).toBe(0);
      const run = await portfolio(["serve", "--port", String(port)], site.root);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`PortInUse: Port ${port} on 127.0.0.1 is already in use.`);
      expect(run.stderr).toContain("another port with --port (--port 0 takes any free one)");
      // The port was asked for: no other is taken in its place.
      expect(run.stdout).not.toContain("Serving");
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      blocker.close();
    }
  });

  it("builds when there is no output, then serves every route on 127.0.0.1", async () => {
    const { child, url } = await startServe(site.root);
    try {
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      for (const route of (await sampleRoutes()).sitePaths) {
        const response = await fetch(url + route, { redirect: "manual" });
        expect(response.status, route).toBe(200);
        expect(await response.text()).toContain("<!doctype html>");
      }
      // One file per page (works.html): the address with a slash leads to it, as on Cloudflare Pages.
      for (const route of ["about/", "works/", "works/fleetwise/?from=feed"]) {
        const response = await fetch(url + route, { redirect: "manual" });
        expect(response.status, route).toBe(308);
        expect(response.headers.get("location"), route).toBe(`/${route.replace("/?", "?").replace(/\/$/, "")}`);
      }
      // Compressed on request, as hosts do, since the build writes no .br or .gz copies by default.
      for (const encoding of ["br", "gzip"]) {
        const compressed = await fetch(`${url}works`, { headers: { "accept-encoding": encoding } });
        expect(compressed.headers.get("content-encoding")).toBe(encoding);
        expect(compressed.headers.get("vary")).toBe("Accept-Encoding");
        expect(compressed.headers.get("cache-control")).toBe("no-cache");
        expect(await compressed.text()).toContain("<!doctype html>");
      }
      const plain = await fetch(`${url}works`, { headers: { "accept-encoding": "identity" } });
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(await plain.text()).toContain("<!doctype html>");
      const unknown = await fetch(`${url}no/such/page`);
      expect(unknown.status).toBe(404);
      expect(await unknown.text()).toContain("What I Do");
    } finally {
      child.kill();
    }
  });
});

describe("portfolio check", () => {
  it("passes a valid site and writes nothing at all", async () => {
    const before = await fingerprint(site.root);
    const run = await portfolio(["check"], site.root);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      /✓ Checked \d+ pages: the config, content\/, public\/ and every internal link are valid\. Nothing was written\./,
    );
    // Not a byte, not even in the build cache the copy started with.
    expect(await fingerprint(site.root)).toBe(before);
    expect((await readdir(site.root)).sort()).toEqual([".portfolio", "content", "portfolio.config.ts", "public"]);
  });

  it.each([
    [
      "a broken front matter",
      "content/projects/fleetwise.md",
      "---\ntitle: [unclosed\n---\n",
      /content\/projects\/fleetwise\.md is not valid:\n\s+- front matter: is not valid YAML/,
    ],
    [
      "a missing field",
      "content/blog/post.md",
      "---\ntitle: A post\nauthor: Me\ncategory: AI\n---\nText.\n",
      /content\/blog\/post\.md is not valid:\n\s+- date: /,
    ],
    [
      "an unknown category",
      "content/blog/post.md",
      "---\ntitle: A post\nauthor: Me\ndate: 2025-01-01\ncategory: Cooking\n---\nText.\n",
      /category: "Cooking" is not a known category/,
    ],
    [
      "a link to nowhere",
      "content/about.md",
      "---\ntitle: About Me\n---\nSee [my talk](files/talk.pdf).\n",
      /content\/about\.md is not valid:\n\s+- body \(line \d+\): files\/talk\.pdf leads nowhere/,
    ],
    [
      "a missing image",
      "content/blog/post.md",
      "---\ntitle: A post\nauthor: Me\ndate: 2025-01-01\ncategory: AI\nimage: images/none.webp\n---\nText.\n",
      /image: /,
    ],
  ])("fails on %s with build's message, exit code 1, and writes nothing", async (_case, file, text, message) => {
    await site.write(file, text);
    const before = (await readdir(site.root)).sort();
    const run = await portfolioInProcess(site.root, ["check"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe("");
    expect((await readdir(site.root)).sort()).toEqual(before);
  });
});

describe("portfolio new", () => {
  it("writes a draft post with every field but the author (the owner by default), from the title, and it builds", async () => {
    const run = await portfolio(["new", "post", "Ship it: a React Native story"], site.root);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Wrote ${path.join("content", "blog", "ship-it-a-react-native-story.md")}`);
    const text = await site.read("content/blog/ship-it-a-react-native-story.md");
    const today = new Date().toISOString().slice(0, 10);
    for (const line of [
      'title: "Ship it: a React Native story"',
      "# author:",
      `date: ${today}`,
      'category: "Programming"',
      "draft: true",
      "# description:",
      "# image:",
    ]) {
      expect(text, line).toContain(line);
    }
    expect(text).not.toMatch(/^author:/m);
    expect((await buildInProcess("--drafts")).code).toBe(0);
    const page = await readFile(path.join(site.root, "dist", "blogs", "ship-it-a-react-native-story.html"), "utf8");
    expect(page).toContain("Ship it: a React Native story");
    expect(page).toMatch(/<p class="post-meta"><span>Maya Okafor<\/span>/);
  });

  it("with --folder, writes the post as a folder whose images it shows by name, and it builds", async () => {
    const run = await portfolio(["new", "post", "Charts", "--folder"], site.root);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Wrote ${path.join("content", "blog", "charts", "index.md")}`);
    const text = await site.read("content/blog/charts/index.md");
    expect(text).toContain("![What it shows](chart.png)");
    await copyFile(
      path.join(site.root, "public/images/social-card.jpg"),
      path.join(site.root, "content/blog/charts/chart.jpg"),
    );
    await site.write("content/blog/charts/index.md", `${text.replace("draft: true\n", "")}\n![A chart](chart.jpg)\n`);
    expect((await buildInProcess()).code).toBe(0);
    const page = await readFile(path.join(site.root, "dist", "blogs", "charts.html"), "utf8");
    expect(page).toMatch(
      /<picture><source type="image\/avif" srcset="\/assets\/images\/chart-320-[^"]*"[^>]*>.*alt="A chart"><\/picture>/,
    );
    // A second post of the same title gets a name no file and no folder has.
    const second = await portfolio(["new", "post", "Charts"], site.root);
    expect(second.stdout).toContain(`Wrote ${path.join("content", "blog", "charts-2.md")}`);
  });

  it("writes a project that builds, with a name that clashes with no file and no list page", async () => {
    const first = await portfolio(["new", "project", "FleetWise"], site.root);
    expect(first.stdout).toContain(`Wrote ${path.join("content", "projects", "fleetwise-2.md")}`);
    const reserved = await portfolio(["new", "project", "Page"], site.root);
    expect(reserved.stdout).toContain(`Wrote ${path.join("content", "projects", "page-project.md")}`);
    expect((await buildInProcess()).code).toBe(0);
  });

  it("never overwrites: the same title twice gives two files", async () => {
    await portfolio(["new", "post", "Twice"], site.root);
    const original = await site.read("content/blog/twice.md");
    await site.write("content/blog/twice.md", `${original}\nMy words.\n`);
    const second = await portfolio(["new", "post", "Twice"], site.root);
    expect(second.stdout).toContain(`Wrote ${path.join("content", "blog", "twice-2.md")}`);
    expect(await site.read("content/blog/twice.md")).toContain("My words.");
  });

  it("refuses an unknown kind and an empty title", async () => {
    const kind = await portfolio(["new", "page", "Hello"], site.root);
    expect(kind.code).toBe(1);
    expect(kind.stderr).toContain("Allowed choices are post, project");
    const empty = await portfolio(["new", "post", "  "], site.root);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("title: an empty title");
  });
});
