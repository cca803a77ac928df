import { copyFile, mkdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, deflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { readOwnStyles } from "../src/render/page-template.js";
import { fontDataProblem, maxFontBytes } from "../src/theme/font-file.js";
import type { ResolvedConfig } from "../src/config/config-schema.js";
import { analyticsScript } from "../src/integrations/page-integrations.js";
import { cspOrigin } from "../src/config/csp-origin.js";
import { AnswerTooLarge, readCappedText } from "../src/integrations/capped-answer.js";
import { fetchRepositories, type CachedAnswer } from "../src/integrations/github-repositories.js";
import type { BuildCache } from "../src/cache/build-cache.js";
import { sampleRepositories, startFakeGitHub, type FakeGitHub, type FakeRepository } from "./helpers/fake-github.js";
import { testFontPackage } from "./fixtures/theme-site.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

/** How many font files reached fontkitten, the decoder the build reads a font of public/ with. */
const decoded = vi.hoisted(() => ({ files: 0 }));
vi.mock("fontkitten", async (importOriginal) => {
  const original = await importOriginal<typeof import("fontkitten")>();
  return {
    ...original,
    create: (...args: Parameters<typeof original.create>) => {
      decoded.files++;
      return original.create(...args);
    },
  };
});

/**
 * Issue 37, findings 5, 8, 9, 11 and 15: what the build reads from outside the owner's own text
 * (GitHub's answers, a font file, the hosts of the analytics service, the owner's CSS) is capped
 * and checked before anything decodes, keeps or publishes it.
 */

let site: SiteCopy;
let originalConfig: string;
beforeAll(async () => {
  site = await copySampleSite();
  originalConfig = await site.read("portfolio.config.ts");
});
afterAll(async () => {
  await site.remove();
});

/** The sample's config with `settings` added at its end. */
async function configWith(settings: string): Promise<void> {
  await site.write("portfolio.config.ts", originalConfig.replace(/\n\}\);\s*$/, `\n  ${settings}\n});\n`));
}

// ── Finding 11: the analytics service's hosts go into every page's policy ──────────────────────

describe("an analytics host is a host name, never a wildcard or a piece of policy (finding 11)", () => {
  it.each([
    ["plausible", "src", `plausible: { domain: "ada.dev", src: "https://*/js/script.js" }`],
    ["plausible", "api", `plausible: { domain: "ada.dev", api: "https://stats.ada.dev;script-src/api/event" }`],
    [
      "umami",
      "src",
      `umami: { websiteId: "6f1a7c52-0f5e-4a39-9d7e-1f2b3c4d5e6f", src: "https://*.umami.is/script.js" }`,
    ],
    [
      "umami",
      "hostUrl",
      `umami: { websiteId: "6f1a7c52-0f5e-4a39-9d7e-1f2b3c4d5e6f", hostUrl: "https://a.dev,b.dev" }`,
    ],
    ["goatcounter", "endpoint", `goatcounter: { endpoint: "https://ada.goatcounter.com'/count" }`],
    ["goatcounter", "src", `goatcounter: { endpoint: "https://ada.goatcounter.com/count", src: "https://[::1]/c.js" }`],
  ])("refuses %s.%s with a config error naming the field", async (service, field, settings) => {
    await configWith(`analytics: { ${settings} },`);
    const error = await loadConfig({ cwd: site.root, env: {} }).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.name).toBe("ConfigInvalid");
    expect(error?.message).toContain(`analytics.${service}.${field}: expected`);
    expect(error?.message).toContain("a host name");
  });

  it("still takes an https address with a port, and writes only its origin", async () => {
    await configWith(
      `analytics: { umami: { websiteId: "6f1a7c52-0f5e-4a39-9d7e-1f2b3c4d5e6f", src: "https://Stats.Ada.dev:8443/u/script.js" } },`,
    );
    const { config } = await loadConfig({ cwd: site.root, env: {} });
    const script = analyticsScript(config.analytics);
    expect(script?.scriptOrigin).toBe("https://stats.ada.dev:8443");
    expect(script?.eventsOrigin).toBe("https://stats.ada.dev:8443");
  });

  it("never hands the policy a host the schema would refuse, even when the schema is bypassed", () => {
    const unchecked = {
      plausible: { domain: "ada.dev", src: "https://*/js/script.js" },
    } as ResolvedConfig["analytics"];
    expect(() => analyticsScript(unchecked)).toThrow(/not an https address of a host name/);
    for (const address of [
      "https://*",
      "https://a.dev;script-src",
      "https://a.dev,b.dev",
      "http://a.dev",
      "https://a'b",
    ])
      expect(() => cspOrigin(address), address).toThrow();
    expect(cspOrigin("https://giscus.app/widget")).toBe("https://giscus.app");
  });
});

// ── Finding 5: a font file is sized before any decoder unpacks it ───────────────────────────────

/** A UIntBase128 of WOFF2. */
function base128(value: number): number[] {
  const bytes = [value & 0x7f];
  for (let rest = Math.floor(value / 128); rest > 0; rest = Math.floor(rest / 128)) bytes.unshift((rest & 0x7f) | 0x80);
  return bytes;
}

/**
 * A WOFF2 file of one `head` table whose directory says it is `declared` bytes, with `stream` as
 * its Brotli data (a bomb when it unpacks to far more than it is).
 */
function woff2(declared: number, stream: Buffer, totalSfntSize = declared + 12 + 16): Buffer {
  const directory = Buffer.from([1, ...base128(declared)]);
  const header = Buffer.alloc(48);
  header.write("wOF2", 0, "latin1");
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt32BE(48 + directory.length + stream.length, 8);
  header.writeUInt16BE(1, 12);
  header.writeUInt32BE(totalSfntSize, 16);
  header.writeUInt32BE(stream.length, 20);
  return Buffer.concat([header, directory, stream]);
}

/** A WOFF file of one zlib-compressed table whose directory says it unpacks to `declared` bytes. */
function woff(declared: number, table: Buffer, totalSfntSize = declared + 12 + 16): Buffer {
  const header = Buffer.alloc(44 + 20);
  header.write("wOFF", 0, "latin1");
  header.writeUInt32BE(0x00010000, 4);
  header.writeUInt32BE(header.length + table.length, 8);
  header.writeUInt16BE(1, 12);
  header.writeUInt32BE(totalSfntSize, 16);
  header.write("head", 44, "latin1");
  header.writeUInt32BE(header.length, 48);
  header.writeUInt32BE(table.length, 52);
  header.writeUInt32BE(declared, 56);
  return Buffer.concat([header, table]);
}

/** 40 MB of zeros as Brotli: a few hundred bytes that unpack past the limit. */
const brotliBomb = brotliCompressSync(Buffer.alloc(40 * 1024 * 1024));

describe("a font is sized before any decoder unpacks it (finding 5)", () => {
  it("refuses, by its header alone, a WOFF2 or WOFF that declares more than the limit", () => {
    expect(brotliBomb.length).toBeLessThan(2048);
    expect(fontDataProblem(woff2(16, brotliBomb, 3 * 1024 ** 3))).toEqual({
      kind: "FontTooLarge",
      problem: "declares 3072.0 MB of font data (totalSfntSize), more than the 32.0 MB a font may hold",
    });
    expect(fontDataProblem(woff2(maxFontBytes + 1, brotliBomb, 1000))?.kind).toBe("FontTooLarge");
    expect(fontDataProblem(woff(2 ** 32 - 1, deflateSync(Buffer.alloc(16)), 1000))?.kind).toBe("FontTooLarge");
  });

  it("refuses compressed data that unpacks to more than the header declares, stopping at what it declares", () => {
    expect(fontDataProblem(woff2(16, brotliBomb))).toEqual({
      kind: "FontUnreadable",
      problem: "is not a font file portfolio can read (its compressed data unpacks to more than its header declares)",
    });
    const deflateBomb = deflateSync(Buffer.alloc(10 * 1024 * 1024), { level: 9 });
    // A table is inflated only when its compressed length is below the length it declares.
    expect(fontDataProblem(woff(deflateBomb.length + 1, deflateBomb))?.problem).toContain(
      "unpacks to more than its header declares",
    );
  });

  it("refuses a file larger than the limit without reading it as a font", () => {
    expect(fontDataProblem(Buffer.alloc(64), 32)).toEqual({
      kind: "FontTooLarge",
      problem: "is 0.1 kB, more than the 0.0 kB a font may hold",
    });
  });

  it("takes real fonts: every WOFF2 file of the Fontsource package the tests install", async () => {
    const folder = path.join(repoRoot, "node_modules", ...testFontPackage.split("/"), "files");
    const { readdir } = await import("node:fs/promises");
    const files = (await readdir(folder)).filter((file) => file.endsWith(".woff2"));
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) expect(fontDataProblem(await readFile(path.join(folder, file))), file).toBeUndefined();
  });

  it("stops the build with an error naming the file and theme.fonts, before the font reaches a decoder", async () => {
    await mkdir(path.join(site.root, "public", "fonts"), { recursive: true });
    await writeFile(path.join(site.root, "public", "fonts", "Bomb.woff2"), woff2(16, brotliBomb, 3 * 1024 ** 3));
    await configWith(`theme: { fonts: { text: "fonts/Bomb.woff2" } },`);
    decoded.files = 0;
    const error = await buildSite({ cwd: site.root, env: {} }).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(error?.name).toBe("FontTooLarge");
    expect(error?.message).toBe(
      "portfolio.config.ts: theme.fonts.text: public/fonts/Bomb.woff2 declares 3072.0 MB of font data (totalSfntSize), more than the 32.0 MB a font may hold",
    );
    expect(decoded.files).toBe(0);

    await writeFile(path.join(site.root, "public", "fonts", "Bomb.woff2"), woff2(16, brotliBomb));
    const unpacked = await buildSite({ cwd: site.root, env: {} }).then(
      () => undefined,
      (thrown: Error) => thrown,
    );
    expect(unpacked?.name).toBe("FontUnreadable");
    expect(unpacked?.message).toContain("public/fonts/Bomb.woff2 is not a font file portfolio can read");
    expect(decoded.files).toBe(0);
  });

  it("still builds with a real font file of public/", async () => {
    await copyFile(
      path.join(repoRoot, "node_modules", ...testFontPackage.split("/"), "files", "inter-latin-wght-normal.woff2"),
      path.join(site.root, "public", "fonts", "Brand.woff2"),
    );
    await configWith(`theme: { fonts: { text: "fonts/Brand.woff2" } },`);
    decoded.files = 0;
    const built = await buildSite({ cwd: site.root, env: {} });
    expect(decoded.files).toBeGreaterThan(0);
    expect((await readFile(path.join(built.outDir, built.stylesheet), "utf8")).includes("Inter Fallback")).toBe(true);
  });
});

// ── Findings 8 and 9: GitHub's answers are capped and checked before they are kept ──────────────

describe("GitHub's answers are capped, and checked before they are kept or shown (findings 8 and 9)", () => {
  const user = "maya-okafor-sample";
  let github: FakeGitHub;
  const build = () =>
    buildSite({ cwd: site.root, env: { GITHUB_API_URL: github.url, PORTFOLIO_GITHUB_TIMEOUT_MS: "5000" } });
  const works = () => readFile(path.join(site.root, "dist", "works.html"), "utf8");
  // The sample's projects link to repositories the fake does not have: their 404 warning is not these tests' concern.
  const githubWarnings = (warnings: string[]) =>
    warnings.filter((warning) => warning.includes("GitHub") && !warning.includes("(404)"));
  const withRepository = (extra: FakeRepository) => {
    github.repositories = [...sampleRepositories, extra];
  };

  beforeAll(async () => {
    github = await startFakeGitHub({ user, repositories: sampleRepositories });
    await configWith(`github: { user: "${user}", count: 6 },`);
  });
  afterAll(async () => {
    await github.stop();
  });

  it("leaves out a repository whose pushed_at is not a date, naming it and the field, shows the others, and keeps only them", async () => {
    withRepository({ name: "broken-date", pushed_at: "yesterday", stargazers_count: 99_999 });
    const result = await build();
    expect(githubWarnings(result.warnings)).toEqual([
      "GitHub's answers hold repositories the build cannot show, so they are left out (the others are shown): maya-okafor-sample/broken-date (pushed_at: expected a date and time such as 2026-05-01T10:00:00Z, got text of 9 characters).",
    ]);
    expect(await works()).toContain("tiny-router");
    expect(await works()).not.toContain("broken-date");

    // What was cached is what passed: with GitHub down, the build still succeeds, from it.
    await github.stop();
    try {
      const offline = await build();
      const warnings = githubWarnings(offline.warnings);
      expect(warnings[0]).toMatch(/^GitHub could not be reached .*from the cache/);
      expect(warnings[1]).toContain("maya-okafor-sample/broken-date (pushed_at:");
      expect(await works()).toContain("tiny-router");
    } finally {
      await github.start();
    }
  });

  it("leaves out a repository whose description is longer than the build takes", async () => {
    withRepository({ name: "long-story", description: "x".repeat(20_000), stargazers_count: 99_999 });
    const result = await build();
    expect(githubWarnings(result.warnings)).toEqual([
      "GitHub's answers hold repositories the build cannot show, so they are left out (the others are shown): maya-okafor-sample/long-story (description: is 20,000 characters long, more than the 1,000 the build takes).",
    ]);
    expect(await works()).toContain("tiny-router");
    expect(await works()).not.toContain("x".repeat(1001));
  });

  it("aborts an answer past its size limit, warns once, and builds from what the cache holds", async () => {
    withRepository({ name: "huge", description: "x".repeat(6 * 1024 * 1024), stargazers_count: 99_999 });
    const result = await build();
    const warnings = githubWarnings(result.warnings);
    expect(warnings[0]).toMatch(
      /^GitHub sent an answer larger than 5 MB, which the build does not read \(http:\/\/127\.0\.0\.1:\d+\): (?:the|some) repositories are shown as of .*, from the cache/,
    );
    expect(await works()).toContain("tiny-router");
    expect(await works()).not.toContain("x".repeat(1001));
    expect((await stat(path.join(site.root, ".portfolio", "cache", "github.bin"))).size).toBeLessThan(100_000);
  });
});

/** A cache in memory, holding what a test puts in it. */
function memoryCache(entries: Record<string, unknown>): BuildCache<CachedAnswer> {
  const values = new Map(Object.entries(entries)) as Map<string, CachedAnswer>;
  return {
    has: (key) => values.has(key),
    get: (key) => values.get(key),
    set: (key, value) => void values.set(key, value),
    keep: async (key, value) => void values.set(key, value),
    reject: (key) => void values.delete(key),
    save: async () => {},
    hits: 0,
    misses: 0,
  };
}

describe("a cached answer is checked again when read (finding 9)", () => {
  const api = "http://127.0.0.1:9";
  const listing = `${api}/users/ada/repos?type=owner&sort=pushed&per_page=100&page=1`;
  const repository = {
    fullName: "ada/tool",
    name: "tool",
    description: "A tool.",
    url: "https://github.com/ada/tool",
    language: "Rust",
    languageColour: "#dea584",
    stars: 5,
    forks: 1,
    pushedAt: "2026-05-01T10:00:00Z",
    fork: false,
    archived: false,
  };
  const offline = (cached: unknown) =>
    fetchRepositories({
      settings: { user: "ada", count: 6, forks: false, archived: false },
      projectRepositories: [],
      env: { GITHUB_API_URL: api },
      cache: memoryCache({ [listing]: cached }),
      fetch: () => Promise.reject(new TypeError("fetch failed")),
    });

  it("uses a cached answer that is as the build keeps them", async () => {
    const answer = { repositories: [repository], next: false, fetchedAt: "2026-11-01T10:00:00Z", left: [] };
    expect((await offline(answer)).repositories.cards.map((card) => card.fullName)).toEqual(["ada/tool"]);
  });

  it.each([
    ["a date that is not one", { ...repository, pushedAt: "yesterday" }],
    ["a description of 60,000 characters", { ...repository, description: "x".repeat(60_000) }],
    ["a page that is not https", { ...repository, url: "javascript:alert(1)" }],
  ])("forgets a cached answer holding %s, as if nothing were cached", async (_what, bad) => {
    const answer = { repositories: [bad], next: false, fetchedAt: "2026-11-01T10:00:00Z", left: [] };
    const result = await offline(answer);
    expect(result.repositories.cards).toEqual([]);
    expect(result.warnings[0]).toMatch(/the site is built without the repositories' cards and figures/);
  });
});

describe("each repository of an answer is checked on its own (finding 9)", () => {
  it("shows the repositories that fit, and names each one left out with its field", async () => {
    const page = (name: string, extra: Record<string, unknown> = {}) => ({
      full_name: `ada/${name}`,
      name,
      html_url: `https://github.com/ada/${name}`,
      description: `The ${name}.`,
      stargazers_count: 3,
      pushed_at: "2026-05-01T10:00:00Z",
      ...extra,
    });
    const listing = [
      page("fine"),
      page("elsewhere", { html_url: "https://evil.example/phish" }),
      page("negative", { stargazers_count: -5 }),
      page("no-date", { pushed_at: "2026-02-30T10:00:00Z" }),
      "not a repository",
      // A private repository is left out without a word, whatever it holds.
      page("secret", { private: true, description: 42 }),
    ];
    const cache = memoryCache({});
    const result = await fetchRepositories({
      settings: { user: "ada", count: 6, forks: false, archived: false },
      projectRepositories: [],
      env: { GITHUB_API_URL: "http://127.0.0.1:9" },
      cache,
      fetch: async () => Response.json(listing),
    });
    expect(result.repositories.cards.map((card) => card.fullName)).toEqual(["ada/fine"]);
    expect(result.warnings).toEqual([
      "GitHub's answers hold repositories the build cannot show, so they are left out (the others are shown): " +
        "ada/elsewhere (html_url: expected the repository's page, ending in /owner/name); " +
        "ada/negative (stargazers_count: expected a count of 0 or more); " +
        "ada/no-date (pushed_at: expected a date and time such as 2026-05-01T10:00:00Z, got text of 20 characters); " +
        "the repository at position 5 (the repository: Invalid input: expected object, received string).",
    ]);
  });
});

describe("the capped reader (findings 8 and 9)", () => {
  it("stops reading a stream as soon as it passes the limit, without a Content-Length", async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    await expect(readCappedText(new Response(endless), 10 * 1024)).rejects.toBeInstanceOf(AnswerTooLarge);
    expect(pulled).toBeLessThan(20);
  });

  it("refuses an answer whose Content-Length is past the limit before reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const answer = new Response(body, { headers: { "content-length": String(1024 ** 3) } });
    await expect(readCappedText(answer, 10 * 1024)).rejects.toBeInstanceOf(AnswerTooLarge);
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("reads an answer within the limit whole", async () => {
    expect(await readCappedText(new Response("é".repeat(100)), 1024)).toBe("é".repeat(100));
  });
});

// ── Finding 15: the owner's CSS is read as a browser reads it ───────────────────────────────────

describe("templates/site.css asks no other host for anything, however the address is written (finding 15)", () => {
  /** The problem readOwnStyles reports for the owner's CSS, or undefined when it takes it. */
  const refusal = async (css: string) => {
    await site.write("templates/site.css", css);
    return readOwnStyles(site.root).then(
      () => undefined,
      (error: Error) => {
        expect(error.name).toBe("TemplateInvalid");
        return error.message;
      },
    );
  };

  it.each([
    [
      "image-set() with a string",
      '.hero { background: image-set("https://evil.example/a.png" 1x); }',
      "https://evil.example/a.png",
    ],
    [
      "-webkit-image-set() with url()",
      ".hero { background: -webkit-image-set(url(//evil.example/a.png) 1x); }",
      "//evil.example/a.png",
    ],
    [
      "a CSS escape in url()",
      ".hero { background: url(\\68 ttps://evil.example/a.png); }",
      "https://evil.example/a.png",
    ],
    [
      "escapes in a quoted url()",
      '.hero { background: url("https:\\2f\\2f evil.example/a.png"); }',
      "https://evil.example/a.png",
    ],
    ["an escaped url function", ".hero { background: \\75 rl(//evil.example/a.png); }", "//evil.example/a.png"],
    ["@import without a space", '@import"//evil.example/a.css";', "//evil.example/a.css"],
    ["@import url() without quotes", "@import url(//evil.example/a.css);", "//evil.example/a.css"],
    ["@import after a comment", '@import/* hi */"https://evil.example/a.css";', "https://evil.example/a.css"],
    ["an escaped @import", '@\\69mport "//evil.example/a.css";', "//evil.example/a.css"],
    [
      "a space before the string in url()",
      '.hero { background: url( "//evil.example/a.png"); }',
      "//evil.example/a.png",
    ],
    ["src()", '.hero { background: src("//evil.example/a.png"); }', "//evil.example/a.png"],
    ["a backslash for a slash", '.hero { background: url("/\\\\evil.example/a.png"); }', "/\\evil.example/a.png"],
    [
      "a custom property image-set() reads",
      '.hero { --art: "//evil.example/a.png"; background: image-set(var(--art) 1x); }',
      "//evil.example/a.png",
    ],
    [
      "a scheme without slashes, another host from a page served over http",
      ".hero { background: url(https:evil.example/a.png); }",
      "https:evil.example/a.png",
    ],
    ["an upper-case URL()", ".hero { background: URL(HTTPS://EVIL.EXAMPLE/a.png); }", "HTTPS://EVIL.EXAMPLE/a.png"],
  ])("refuses %s", async (_what, css, address) => {
    expect(await refusal(css)).toBe(
      `templates/site.css: refers to ${address}, on another host: the site asks no other host for anything (put the file into public/ and refer to it by its path)`,
    );
  });

  it("refuses a url( … ) CSS cannot read rather than hoping a browser skips it", async () => {
    expect(await refusal('.hero { background: url(/**/"//evil.example/a.png"); }')).toContain(
      "has a url( … ) CSS cannot read",
    );
  });

  it("takes the site's own files, data, fragments, and text that only looks like an address", async () => {
    const css = [
      "/* see https://example.com/guide for why */",
      '@import "./more.css" layer(site);',
      '@namespace svg url("http://www.w3.org/2000/svg");',
      '@font-face { font-family: "Brand"; src: url(/fonts/Brand.woff2) format("woff2"), local("Brand"); }',
      '.hero { background: image-set(url(/images/a.avif) type("image/avif") 1x, "/images/a.png" 1x); }',
      '.mark { mask: url("#clip"); background: url(data:image/svg+xml;base64,PHN2Zy8+); }',
      'a[href^="https://"]::after { content: " (https://example.com)"; }',
    ].join("\n");
    expect(await refusal(css)).toBeUndefined();
  });
});
