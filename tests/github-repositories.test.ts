import { readFile, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildSite, type BuildResult } from "../src/pipeline/build-site.js";
import { repositoryOfLink, topRepositories, type Repository } from "../src/integrations/github-repositories.js";
import { languageColour } from "../src/integrations/language-colours.js";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";
import { startFakeGitHub, type FakeGitHub } from "./helpers/fake-github.js";

// GitHub's repositories are fetched when the site is built, from a local fake of GitHub's REST API
// that answers as GitHub does (ETags, 304s, paged listings) and fails as GitHub can (errors, rate
// limits, slow answers, no answer at all). The build must never fail because of it, and the token
// must never be written anywhere.

const token = "ghp_FAKEtokenThatMustNeverBeWritten0123456789";
const user = "maya-okafor-sample";
let site: SiteCopy;
let github: FakeGitHub;

const repositories = () => [
  {
    name: "tiny-router",
    description: "A 1 kB router for islands.",
    language: "TypeScript",
    stargazers_count: 1234,
    forks_count: 56,
    pushed_at: "2026-10-02T08:00:00Z",
  },
  {
    name: "pico-sensor",
    description: "Soil moisture firmware for the RP2040.",
    language: "C++",
    stargazers_count: 310,
    forks_count: 12,
  },
  {
    name: "notebooks",
    description: "Experiments in <b>markup</b> & data.",
    language: "Jupyter Notebook",
    stargazers_count: 87,
    forks_count: 3,
  },
  { name: "dotfiles", description: null, language: null, stargazers_count: 40 },
  {
    name: "receiptlens",
    description: "OCR for receipts.",
    language: "Kotlin",
    stargazers_count: 5000,
    forks_count: 400,
  },
  { name: "forked-lib", language: "Go", stargazers_count: 9000, fork: true },
  { name: "old-thing", language: "Ruby", stargazers_count: 8000, archived: true },
  { name: "secret-plans", language: "Rust", stargazers_count: 7000, private: true },
  { name: user, description: "My profile README", stargazers_count: 6000 },
  { name: "sitelog", description: "Site diaries for builders.", language: "Dart", stargazers_count: 20 },
  { name: "soilsense", description: "Soil sensors.", language: "C", stargazers_count: 15 },
  { name: "turma", description: "Classes.", language: "TypeScript", stargazers_count: 10 },
  { name: "tool", owner: "someone-else", description: "Another owner's tool.", language: "Rust", stargazers_count: 77 },
];

const env = (extra: Record<string, string> = {}) => ({
  GITHUB_API_URL: github.url,
  GITHUB_TOKEN: token,
  PORTFOLIO_GITHUB_TIMEOUT_MS: "800",
  ...extra,
});

async function configure(settings: string): Promise<void> {
  const config = (await site.read("portfolio.config.ts")).replace(/\n\s*github: \{[^\n]*\},\n/, "\n");
  await site.write("portfolio.config.ts", config.replace(/\n\}\);\s*$/, `\n  github: ${settings},\n});\n`));
}

const build = (extra: Record<string, string> = {}) => buildSite({ cwd: site.root, env: env(extra) });
const page = (file: string) => site.read(path.join("dist", file));
const githubWarnings = (result: BuildResult) => result.warnings.filter((warning) => /GitHub/.test(warning));
/** The names on the cards of /works, in order. */
const cardNames = (html: string) =>
  [...html.matchAll(/<h3 class="repository-name h4"><a href="[^"]*"[^>]*>([^<]*)<\/a>/g)].map((match) => match[1]);

async function everyFileUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  site = await copySampleSite({ warmCache: true });
  github = await startFakeGitHub({ user, repositories: repositories(), pageSize: 4 });
  await configure(`{ user: "${user}", count: 4 }`);
});
afterAll(async () => {
  await github.stop();
  await site.remove();
});
beforeEach(() => {
  github.mode = "ok";
  github.requests = [];
});

describe("GitHub repositories at build time", () => {
  it("shows the most starred public repositories as cards on /works, and a project's figures on its page", async () => {
    const result = await build();
    expect(githubWarnings(result)).toEqual([]);
    const works = await page("works.html");
    // Forks, archived and private repositories, the profile's README, and one a project shows are left out.
    expect(cardNames(works)).toEqual(["tiny-router", "pico-sensor", "notebooks", "dotfiles"]);
    expect(works).toContain("A 1 kB router for islands.");
    // Text, never markup: a description is escaped.
    expect(works).toContain("Experiments in &lt;b&gt;markup&lt;/b&gt; &amp; data.");
    expect(works).toContain(
      '<a href="https://github.com/maya-okafor-sample/tiny-router" rel="noopener noreferrer" target="_blank">',
    );
    // linguist's colours, as presentation attributes (the policy forbids inline styles).
    expect(works).toContain('fill="#3178c6"');
    expect(works).toContain('fill="#f34b7d"');
    expect(works).toContain("1.2K");
    expect(works).toContain("1,234 stars");
    expect(works).toContain("56 forks");
    expect(works).toContain('<time dateTime="2026-10-02T08:00:00Z">Updated Oct 2, 2026</time>');
    expect(works).not.toMatch(/secret-plans|forked-lib|old-thing|My profile README/);
    // The listing was followed across its pages, with GitHub's headers and the token.
    const listing = github.requests.filter((request) => request.path.startsWith(`/users/${user}/repos`));
    expect(listing.map((request) => new URL(request.path, github.url).searchParams.get("page"))).toEqual([
      "1",
      "2",
      "3",
    ]);
    for (const request of github.requests) {
      expect(request.headers.authorization).toBe(`Bearer ${token}`);
      expect(request.headers.accept).toBe("application/vnd.github+json");
      expect(request.headers["user-agent"]).toBeTruthy();
    }
    const project = await page("works/receiptlens.html");
    expect(project).toMatch(/<ul class="repository-figures" aria-label="On GitHub: maya-okafor-sample\/receiptlens">/);
    expect(project).toContain("5,000 stars");
    expect(project).toContain("Kotlin");
    // The other pages are as without GitHub: no card, no request from the visitor's browser.
    expect(await page("index.html")).not.toContain("repository-");
    expect(works).not.toMatch(/api\.github\.com|127\.0\.0\.1/);
  });

  it("asks again with the ETags of the cache, and skips the build when GitHub's answers are the same", async () => {
    const result = await build();
    expect(result.unchanged).toBe(true);
    expect(github.requests.length).toBeGreaterThan(0);
    for (const request of github.requests) {
      expect(request.headers["if-none-match"]).toMatch(/^W\/"/);
      expect(request.status).toBe(304);
    }
  });

  it("builds again when a repository changed on GitHub", async () => {
    github.repositories.find((repository) => repository.name === "pico-sensor")!.stargazers_count = 2500;
    const result = await build();
    expect(result.unchanged).toBe(false);
    expect(cardNames(await page("works.html"))).toEqual(["pico-sensor", "tiny-router", "notebooks", "dotfiles"]);
    expect(await page("works.html")).toContain("2,500 stars");
  });

  it.each([
    ["down", /GitHub could not be reached \(ECONNREFUSED/],
    ["error", /GitHub answered HTTP 502/],
    ["rate-limited", /GitHub limits the rate of requests until \d\d:\d\d UTC \(HTTP 403; a GITHUB_TOKEN raises/],
    ["slow", /GitHub did not answer within 0\.8 s/],
    ["not-json", /GitHub answered with something that is not JSON/],
  ] as const)("builds from the cache, with one warning, when GitHub is %s", async (mode, warning) => {
    if (mode === "down") await github.stop();
    else github.mode = mode;
    try {
      const started = performance.now();
      const result = await build();
      const warnings = githubWarnings(result);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(warning);
      expect(warnings[0]).toMatch(/the repositories are shown as of \d{4}-\d\d-\d\d \d\d:\d\d UTC, from the cache/);
      expect(warnings[0]).not.toContain(token);
      expect(cardNames(await page("works.html"))).toEqual(["pico-sensor", "tiny-router", "notebooks", "dotfiles"]);
      expect(await page("works/receiptlens.html")).toContain("5,000 stars");
      // After the first failure, the build stops asking: one slow answer, not one per request.
      expect(github.requests.length).toBeLessThanOrEqual(mode === "down" ? 0 : 2);
      if (mode === "slow") expect(performance.now() - started).toBeLessThan(30_000);
    } finally {
      if (mode === "down") await github.start();
    }
  });

  it("builds without the cards, with one warning, when GitHub is down and nothing is cached", async () => {
    await rm(path.join(site.root, ".portfolio", "cache", "github.bin"));
    await github.stop();
    try {
      const result = await build();
      const warnings = githubWarnings(result);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(
        /GitHub could not be reached .*: the site is built without the repositories' cards and figures/,
      );
      const works = await page("works.html");
      expect(works).not.toContain("repository-list");
      expect(works).toContain("project-card");
      expect(await page("works/receiptlens.html")).not.toContain("repository-figures");
    } finally {
      await github.start();
    }
  });

  it("shows pinned repositories in their order, of any owner, and names those GitHub does not know", async () => {
    await configure(`{ user: "${user}", repos: ["notebooks", "someone-else/tool", "no-such-repo", "tiny-router"] }`);
    const result = await build();
    expect(cardNames(await page("works.html"))).toEqual(["notebooks", "tool", "tiny-router"]);
    const warnings = githubWarnings(result);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/no public repository or account of these names \(404\).*github\.repos: no-such-repo/);
    // Projects' repositories are asked for one by one when pinned cards do not list them.
    expect(github.requests.map((request) => request.path)).toContain(`/repos/${user}/receiptlens`);
    expect(await page("works/receiptlens.html")).toContain("5,000 stars");
  });

  it("never writes the token into the output, the cache, or what the build reports", async () => {
    const result = await build();
    const files = [
      ...(await everyFileUnder(path.join(site.root, "dist"))),
      ...(await everyFileUnder(path.join(site.root, ".portfolio"))),
    ];
    expect(files.length).toBeGreaterThan(50);
    const needles = [token, Buffer.from(token).toString("base64"), token.slice(4, 24)];
    for (const file of files) {
      const bytes = await readFile(file);
      for (const needle of needles) expect(bytes.includes(needle), `${file} holds the token`).toBe(false);
    }
    expect(JSON.stringify(result)).not.toContain(token);
  });

  it("leaves a site without `github` as it was: no request, no card", async () => {
    const config = (await site.read("portfolio.config.ts")).replace(/\n\s*github: \{[^\n]*\},\n/, "\n");
    await site.write("portfolio.config.ts", config);
    await build();
    expect(github.requests).toEqual([]);
    expect(await page("works.html")).not.toContain("repository-");
    expect(await page("works/receiptlens.html")).not.toContain("repository-figures");
  });
});

describe("GitHub's data, read", () => {
  it("finds the repository of a project's link", () => {
    expect(repositoryOfLink("https://github.com/ada/engine")).toBe("ada/engine");
    expect(repositoryOfLink("https://www.github.com/ada/engine.git")).toBe("ada/engine");
    expect(repositoryOfLink("https://github.com/ada/engine/")).toBe("ada/engine");
    expect(repositoryOfLink("https://github.com/ada/engine#readme")).toBe("ada/engine");
    expect(repositoryOfLink("https://github.com/ada/engine/tree/main/docs")).toBeUndefined();
    expect(repositoryOfLink("https://github.com/ada")).toBeUndefined();
    expect(repositoryOfLink("https://gitlab.com/ada/engine")).toBeUndefined();
  });

  it("names linguist's colour for languages whose names need escaping", async () => {
    expect(await languageColour("TypeScript")).toBe("#3178c6");
    expect(await languageColour("C++")).toBe("#f34b7d");
    expect(await languageColour("C#")).toBe("#7355dd");
    expect(await languageColour("Jupyter Notebook")).toBe("#da5b0b");
    expect(await languageColour("../../package")).toBeUndefined();
    expect(await languageColour("No Such Language")).toBeUndefined();
  });

  it("orders the top repositories by stars, then by the last push", () => {
    const repository = (
      name: string,
      stars: number,
      pushedAt: string,
      extra: Partial<Repository> = {},
    ): Repository => ({
      fullName: `ada/${name}`,
      name,
      description: undefined,
      url: `https://github.com/ada/${name}`,
      language: undefined,
      languageColour: undefined,
      stars,
      forks: 0,
      pushedAt,
      fork: false,
      archived: false,
      ...extra,
    });
    const listed = [
      repository("a", 5, "2026-01-01"),
      repository("b", 5, "2026-03-01"),
      repository("c", 9, "2025-01-01", { fork: true }),
      repository("d", 1, "2026-01-01", { archived: true }),
      repository("ada", 50, "2026-01-01"),
      repository("e", 2, "2026-01-01"),
    ];
    const settings = { user: "ada", count: 3, forks: false, archived: false };
    expect(topRepositories(listed, settings, new Set()).map((r) => r.name)).toEqual(["b", "a", "e"]);
    expect(topRepositories(listed, { ...settings, forks: true }, new Set(["ada/b"])).map((r) => r.name)).toEqual([
      "c",
      "a",
      "e",
    ]);
    expect(topRepositories(listed, { ...settings, archived: true, count: 9 }, new Set()).map((r) => r.name)).toEqual([
      "b",
      "a",
      "e",
      "d",
    ]);
  });
});
