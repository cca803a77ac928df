import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, realpath, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { slug as headingAnchor } from "github-slugger";
import { lexer, walkTokens } from "marked";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { themeBootScript } from "../src/client/theme-storage.js";
import { loadConfig } from "../src/config/load-config.js";
import { drawingEngine, drawingKey } from "../src/content/draw-diagrams.js";
import { drawingsFolder, keptSvg } from "../src/content/kept-drawings.js";
import { mermaidThemes } from "../src/content/mermaid-themes.js";
import { startDevServer } from "../src/dev/dev-server.js";
import { errorsData, installedGuide, type PortfolioErrorName } from "../src/errors-data.js";
import { packageName } from "../src/package-root.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { resolveThemeColours } from "../src/theme/theme-colours.js";
import { fingerprint, portfolioInProcess } from "./helpers/run-portfolio.js";
import { repoRoot } from "./helpers/sample-site.js";

/**
 * The first hour of a new owner, as issue 43 tried it by hand: a site made by `portfolio init` with
 * flags only, built; the mistakes an owner makes first, each made, built, read and undone; the
 * owner renamed; and `portfolio new` entries filled in as their comments say. Every file an error
 * names, the owner must be able to open from the site's folder.
 */

const owner = { name: "Ada Lovelace", jobTitle: "Analytical Engineer" };
const renamed = { name: "Ada King", jobTitle: "Computing Pioneer" };
// The address too, which the feeds need (they link to each post absolutely).
const answers = [
  ...["--name", owner.name, "--job-title", owner.jobTitle],
  ...["--email", "ada@example.com", "--url", "https://ada.example"],
];

/** The guide as the repository has it: the docs/ a site made by init has in node_modules/portfolio-ssg/. */
const guide = path.join(repoRoot, "docs");
const { files: packagedFiles } = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as {
  files: string[];
};

let work: string;
let site: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), "portfolio-first-hour-"));
  site = path.join(work, "site");
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const portfolio = (...args: string[]) => portfolioInProcess(site, args);
const inSite = (file: string) => path.resolve(site, file);
const read = (file: string) => readFile(inSite(file), "utf8");
const write = (file: string, text: string) => writeFile(inSite(file), text);
/** Writes a file of the site, making its folder. */
const writeFileIn = async (file: string, text: string) => {
  await mkdir(path.dirname(inSite(file)), { recursive: true });
  await write(file, text);
};

/**
 * The files and folders a text names: words with a slash or a file's extension, less web
 * addresses, packages (`@fontsource/inter`), flags and placeholders (`<file>`).
 */
function pathsNamed(text: string): string[] {
  return (
    text
      .split(/[\s,;()"'`]+/)
      .map((word) => word.replace(/[.:]+$/, "").replace(/(:\d+)+$/, ""))
      .filter((word) => /\/|\.(md|ts|tsx|json|html|css|yml)$/.test(word))
      // Not a web address, a package, a flag, a placeholder or a date's format (MM/YYYY, 03/2024).
      .filter((word) => !/^(@|--|\/\/)|:\/\/|[<>{}*]|^[\dMDY/-]+$/.test(word))
  );
}

/** The page of the guide a printed path leads to, from the site's folder, or undefined when it leads elsewhere. */
function guidePageAt(shown: string): string | undefined {
  const relative = path.relative(guide, inSite(shown));
  return relative.startsWith("..") || path.isAbsolute(relative) ? undefined : relative;
}

const firstHeading = (markdown: string) => /^# (.+)$/m.exec(markdown)?.[1];

/** The error's name, message and hint, as the terminal printed them. */
function printedError(stderr: string): { name: string; message: string; hint: string } {
  const match = /✗ (\w+): ([\s\S]*?)(?:\nHint: ([\s\S]*))?$/.exec(stderr.trim());
  expect(match, stderr).not.toBeNull();
  return { name: match![1]!, message: match![2]!, hint: match![3] ?? "" };
}

/** Names a hint gives of what the owner makes, not of a file there beforehand, and why. */
const ownersToMake: Record<string, string> = {
  "resume.json": "the JSON Resume to import, named as an example",
  "components/": "where portfolio eject puts a component, when the owner has one",
  "screens/": "where portfolio eject puts a screen, when the owner has one",
};

/**
 * What every error an owner meets must do: name only files that exist where the owner is (the
 * one it is about, the guide's page), and name the guide's page where a site made by init has it.
 */
async function expectFilesNamedExist(
  printed: { name: string; message: string; hint: string },
  { missing = [] }: { missing?: string[] } = {},
): Promise<void> {
  const named = [...pathsNamed(printed.message), ...pathsNamed(printed.hint)].filter(
    (file) => !missing.includes(file) && !(file in ownersToMake),
  );
  for (const file of named) expect(existsSync(inSite(file)), `${file}, named by ${printed.name}`).toBe(true);
  for (const file of missing) expect(existsSync(inSite(file)), `${file} is named as missing`).toBe(false);
  const raw = errorsData[printed.name as PortfolioErrorName];
  for (const page of named.map(guidePageAt).filter((page) => page !== undefined)) {
    // The terminal shows the guide from the site; the catalogue names it where init's site has it.
    expect("hint" in raw ? raw.hint : "").toContain(`${installedGuide}${page}`);
  }
}

interface Mistake {
  /** What the owner did, as the test's title. */
  what: string;
  file: string;
  change: (text: string) => string;
  error: PortfolioErrorName;
  /** What the message must say: the file, the field and what was expected (or the suggestion). */
  says: Array<string | RegExp>;
  /** The page of the guide the hint names, and its first heading. */
  guide?: { page: string; heading: string };
  /** Paths the message names because they are missing: the mistake itself. */
  missing?: string[];
}

const contentGuide = { page: "content.md", heading: "Content guide" };
const configGuide = { page: "configuration.md", heading: "Configuration reference" };
const post = "content/blog/my-first-post.md";
const project = "content/projects/your-first-project.md";
const config = "portfolio.config.ts";
const themeLine = '    // accent: "#0f766e", radius: 8,';

/** A change that must find what it changes: a mistake that did not happen would pass for a fixed one. */
const replacing =
  (from: string | RegExp, to: string) =>
  (text: string): string => {
    const changed = text.replace(from, to);
    expect(changed, `${String(from)} not found`).not.toBe(text);
    return changed;
  };

/** The mistakes of a first hour, from the issue's own and the fields an owner fills in first. */
const mistakes: Mistake[] = [
  {
    what: "a misspelt field in a post's front matter",
    file: post,
    change: replacing("category: Programming", "descripton: My first words.\ncategory: Programming"),
    error: "ContentInvalid",
    says: [`${post} is not valid:\n  - descripton: is not a known field: did you mean \`description\`?`],
    guide: contentGuide,
  },
  {
    what: "a misspelt section of the config",
    file: config,
    change: replacing("\n  theme: {\n", "\n  them: {\n"),
    error: "ConfigInvalid",
    says: [`${config} is not valid:\n  - them: is not a known field: did you mean \`theme\`?`],
    guide: configGuide,
  },
  {
    what: "a misspelt field inside a section of the config",
    file: config,
    change: replacing(themeLine, '    accnet: "#0f766e",'),
    error: "ConfigInvalid",
    says: ["  - theme.accnet: is not a known field: did you mean `accent`?"],
    guide: configGuide,
  },
  {
    what: "a layout that does not exist",
    file: config,
    change: replacing(themeLine, '    layout: "sidebr",'),
    error: "ConfigInvalid",
    says: ['  - theme.layout: expected one of "sidebar", "column", "wide", got "sidebr"'],
    guide: configGuide,
  },
  {
    what: "an accent too pale to read",
    file: config,
    change: replacing(themeLine, '    accent: "#ffff00",'),
    error: "AccentContrastTooLow",
    says: [/theme\.accent/],
  },
  {
    what: "a photo named before it is put into public/",
    file: config,
    change: replacing('photo: "images/avatar.svg"', 'photo: "images/me.jpg"'),
    error: "AssetMissing",
    says: [`${config} is not valid:\n  - owner.photo:`, "images/me.jpg"],
    missing: ["public/images/me.jpg"],
  },
  {
    what: "a photo that is not a drawing",
    file: "public/images/avatar.svg",
    change: () => "my photo\n",
    error: "UnsafeFile",
    says: [/^public\/images\/avatar\.svg is not valid:\n {2}- line \d+: is not well-formed XML/],
  },
  {
    what: "a config that is not valid TypeScript",
    file: config,
    change: replacing(`name: "${owner.name}",`, `name: "${owner.name}"`),
    error: "ConfigLoadFailed",
    says: [/^portfolio\.config\.ts:\d+:\d+/],
  },
  {
    what: "a project whose list of languages is empty",
    file: project,
    change: replacing("languages: [The languages and tools you used]", "languages: []"),
    error: "ContentInvalid",
    says: [`${project} is not valid:\n  - languages: expected at least one language`],
    guide: contentGuide,
  },
  {
    what: "a project without its title",
    file: project,
    change: replacing("title: Your first project\n", ""),
    error: "ContentInvalid",
    says: [`${project} is not valid:\n  - title: is missing: expected a title`],
    guide: contentGuide,
  },
  {
    what: "a category the config does not list",
    file: project,
    change: replacing("category: Web", "category: Webb"),
    error: "ContentInvalid",
    says: [
      `  - category: "Webb" is not a known category: expected one of Web, Mobile, Other (set by projectCategories in the config)`,
    ],
    guide: contentGuide,
  },
  {
    what: "a project's screenshot that is not in public/",
    file: project,
    change: replacing("# image: images/projects/your-project.png", "image: images/projects/your-project.png"),
    error: "AssetMissing",
    says: [`${project} is not valid:\n  - image:`, "images/projects/your-project.png"],
    missing: ["public/images/projects/your-project.png"],
  },
  {
    what: "a post's date that is not a day of the calendar",
    file: post,
    change: replacing(/^date: .*$/m, "date: 2025-02-30"),
    error: "ContentInvalid",
    says: [`  - date: expected a real date as YYYY-MM-DD, e.g. 2025-01-31, got "2025-02-30"`],
    guide: contentGuide,
  },
  {
    what: "a job's start written as a day",
    file: "content/resume/experience/01-your-current-role.md",
    change: replacing(/^start: .*$/m, "start: 03/2024"),
    error: "ContentInvalid",
    says: ["content/resume/experience/01-your-current-role.md is not valid:\n  - start:"],
    guide: contentGuide,
  },
  {
    what: "front matter that is not YAML",
    file: post,
    change: replacing("title: My first post", 'title: "My first post'),
    error: "ContentInvalid",
    says: [`${post} is not valid:`],
    guide: contentGuide,
  },
  {
    what: "a link to a page the site does not have",
    file: "content/about.md",
    change: (text) => `${text}\nMy work is on [the projects page](/project).\n`,
    error: "BrokenLinks",
    says: ["content/about.md is not valid:\n  - body (line", "/project leads nowhere"],
    missing: ["/project"],
  },
  {
    what: "an image in the About page that is not in public/",
    file: "content/about.md",
    change: (text) => `${text}\n![Me at work](/images/at-work.jpg)\n`,
    error: "BrokenLinks",
    says: ["content/about.md is not valid:\n  - body (line", "/images/at-work.jpg leads nowhere"],
    missing: ["/images/at-work.jpg"],
  },
  {
    what: "a service card with an icon the site does not draw",
    file: "content/services/01-what-you-do.md",
    change: replacing("icon: code", "icon: react"),
    error: "ContentInvalid",
    says: ["content/services/01-what-you-do.md is not valid:\n  - icon: expected one of code,"],
    guide: contentGuide,
  },
];

describe("the first hour in a site made by portfolio init", () => {
  let built: string;

  it("starts a site with flags only, which builds at once", async () => {
    const init = await portfolioInProcess(work, ["init", "site", ...answers, "--yes"]);
    expect(init.stderr).toBe("");
    expect(init.code).toBe(0);
    const build = await portfolio("build");
    expect(build.code).toBe(0);
    // The engine under test is this clone: the site has no node_modules/portfolio-ssg of its own.
    expect(existsSync(inSite("node_modules"))).toBe(false);
    built = await fingerprint(inSite("dist"));
    // The guide's pages the site's own files point to (the config's comments, say) are in the package.
    const pointers = (await textFilesOf(".", /\.(ts|md)$/)).flatMap(([file, text]) =>
      pathsNamed(text)
        .filter((named) => named.startsWith(installedGuide))
        .map((named) => ({ file, page: named.slice(installedGuide.length) })),
    );
    expect(pointers.map(({ page }) => page)).toContain("contact.md");
    for (const { file, page } of pointers) expect(existsSync(path.join(guide, page)), `${page}, in ${file}`).toBe(true);
  });

  for (const mistake of mistakes) {
    it(`answers ${mistake.what} with the file and the field, naming only files there, and leaves dist/ as it was`, async () => {
      const before = await read(mistake.file);
      await write(mistake.file, mistake.change(before));
      try {
        const run = await portfolio("build");
        expect(run.code).toBe(1);
        expect(run.stderr).not.toMatch(/\n\s+at /);
        const printed = printedError(run.stderr);
        expect(printed.name).toBe(mistake.error);
        for (const said of mistake.says) {
          if (typeof said === "string") expect(printed.message).toContain(said);
          else expect(printed.message).toMatch(said);
        }
        await expectFilesNamedExist(printed, { missing: mistake.missing });
        if (mistake.guide) {
          const pages = pathsNamed(printed.hint).filter((file) => guidePageAt(file) === mistake.guide!.page);
          expect(pages, printed.hint).toHaveLength(1);
          expect(firstHeading(await read(pages[0]!))).toBe(mistake.guide.heading);
        }
        expect(await fingerprint(inSite("dist"))).toBe(built);
      } finally {
        await write(mistake.file, before);
      }
    });
  }

  it("has a site that is a git repository with the starter committed, which upgrade needs", async () => {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: site, encoding: "utf8" });
    expect(git("rev-parse", "--show-toplevel").trim()).toBe(await realpath(site));
    expect(git("log", "--format=%s").trim()).toBe("Start the site with portfolio init");
    const committed = git("ls-files").trim().split("\n");
    expect(committed).toEqual(
      expect.arrayContaining(["portfolio.config.ts", "package.json", "tsconfig.json", ".gitignore"]),
    );
    // The build's output and caches are not the owner's to commit.
    expect(committed.filter((file) => /^(dist|\.portfolio)\//.test(file))).toEqual([]);
    expect(git("status", "--porcelain", "--", "dist", ".portfolio")).toBe("");
  });

  it("paints a visitor's first page in their device's theme: init's theme.initial \"system\", read before the first paint (point 1)", async () => {
    // The browser's side (the first frame, a saved choice winning) is tests/browser/theme.test.ts's.
    expect(await read(config)).toContain('    initial: "system",');
    const script = themeBootScript("system");
    for (const page of ["index.html", "resume.html", "works.html"]) {
      const html = await read(`dist/${page}`);
      expect(html, page).toContain(`<script>${script}</script>`);
      const hash = createHash("sha256").update(script).digest("base64");
      expect(html, page).toMatch(new RegExp(`script-src [^;"]*'sha256-${hash.replace(/[+/]/g, "\\$&")}'`));
      // Before the stylesheet and the body: nothing is drawn before it has run.
      expect(html.indexOf(script), page).toBeLessThan(html.indexOf('<link rel="stylesheet"'));
    }
  });

  it("draws the draft finished: a picture drawn from the title, dates in the site's language, a web font from the site itself (point 7)", async () => {
    const works = await read("dist/works.html");
    // The starter's project has no image: art from its title, not a crossed-out image.
    expect(works).toContain('class="title-art title-art-');
    expect(works).not.toContain("lucide-image-off");
    // Dated as the Resume dates (Nov 2026), not 11/2026.
    const month = new Intl.DateTimeFormat("en", { year: "numeric", month: "short", timeZone: "UTC" }).format(
      new Date(),
    );
    expect(works).toContain(month);
    expect(works).not.toMatch(/>\d{2}\/\d{4}</);
    // Inter, from the site's own assets/fonts/, after the first paint, with a fallback that takes its room.
    const home = await read("dist/index.html");
    const faces = /<noscript data-font-faces="\/(assets\/font-faces-[A-Z0-9]{8}\.css)"/.exec(home)?.[1];
    expect(faces).toBeDefined();
    const facesCss = await read(`dist/${faces}`);
    const urls = [...facesCss.matchAll(/url\("?([^")]+)"?\)/g)].map((match) => match[1]!);
    expect(urls).toContainEqual(expect.stringMatching(/^fonts\/inter-latin-wght-normal-[A-Za-z0-9]{8}\.woff2$/));
    for (const url of urls) expect(existsSync(inSite(`dist/assets/${url}`)), url).toBe(true);
    expect(facesCss).toContain("font-display:swap");
    expect(home).toMatch(/font-src 'self'; /);
    const stylesheet = /<link rel="stylesheet" href="\/(assets\/site-[A-Z0-9]{8}\.css)">/.exec(home)![1]!;
    expect(await read(`dist/${stylesheet}`)).toContain('--font-text:"Inter", "Inter Fallback", system-ui,');
  });

  it("shows a diagram drawn once where a browser was, in a build where no browser can be found (point 4)", async () => {
    const source = "flowchart LR\n  Draft --> Published";
    const { config: siteConfig } = await loadConfig({ cwd: site, env: {} });
    const engine = await drawingEngine();
    // What a build with a browser (the owner's dev) kept in drawings/, one file per theme, committed.
    for (const theme of Object.values(mermaidThemes(resolveThemeColours(siteConfig.theme, "the config"))))
      await writeFileIn(
        `${drawingsFolder}/${drawingKey(engine, theme, source)}.svg`,
        keptSvg({
          svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 40"><text x="10" y="25">Draft Published</text></svg>',
          css: "text{font-size:14px}",
        }),
      );
    const post = "content/blog/drawn.md";
    await write(
      post,
      `---\ntitle: Drawn\ndate: 2025-01-01\ncategory: Programming\n---\n\n\`\`\`mermaid\n${source}\n\`\`\`\n`,
    );
    try {
      const outDir = path.join(work, "no-browser-dist");
      const built = await buildSite({ cwd: site, env: { CHROMIUM_PATH: "/nonexistent/chromium" }, outDir });
      expect(built.warnings.filter((warning) => /Mermaid|diagram/i.test(warning))).toEqual([]);
      const page = await readFile(path.join(outDir, "blogs", "drawn.html"), "utf8");
      expect(page).toMatch(/<div class="diagram"[^>]*><style>[^<]*<\/style><svg\b[^>]*>[\s\S]*Draft Published/);
      expect(page).not.toContain('data-language="mermaid"');
    } finally {
      await rm(inSite(post));
      await rm(inSite(drawingsFolder), { recursive: true, force: true });
    }
  });

  it("shows the same answer over the page of portfolio dev, the guide named from the site", async () => {
    const [misspelt] = mistakes;
    const before = await read(misspelt!.file);
    await write(misspelt!.file, misspelt!.change(before));
    const server = await startDevServer({ cwd: site, env: {}, port: 0, host: "127.0.0.1", onBuild: () => {} });
    try {
      const overlay = await firstBuildError(new URL("/__portfolio/events", server.url));
      expect(overlay.title).toBe(errorsData.ContentInvalid.title);
      const printed = printedError(overlay.message);
      expect(printed.message).toContain(misspelt!.says[0] as string);
      await expectFilesNamedExist(printed);
      const [page] = pathsNamed(printed.hint).filter((file) => guidePageAt(file) === contentGuide.page);
      expect(firstHeading(await read(page!))).toBe(contentGuide.heading);
    } finally {
      await server.close();
      await write(misspelt!.file, before);
    }
  });

  it("builds again once every mistake is undone", async () => {
    const build = await portfolio("build");
    expect(build.stderr).not.toContain("✗");
    expect(build.code).toBe(0);
  });

  it("answers a broken page template the owner ejected with the template's file, which the site has", async () => {
    expect((await portfolio("eject", "templates/page.html")).code).toBe(0);
    const template = "templates/page.html";
    const before = await read(template);
    await write(template, replacing("{{body}}", "")(before));
    try {
      const run = await portfolio("build");
      expect(run.code).toBe(1);
      const printed = printedError(run.stderr);
      expect(printed.name).toBe("TemplateInvalid");
      expect(printed.hint).toContain(template);
      await expectFilesNamedExist(printed);
    } finally {
      await write(template, before);
    }
  });

  it("answers a damaged site record with the record's file, which the site has", async () => {
    const record = "portfolio-site.json";
    const before = await read(record);
    await write(record, before.replace(/\}\s*$/, ""));
    try {
      const run = await portfolio("eject", "components/Sidebar.tsx");
      expect(run.code).toBe(1);
      const printed = printedError(run.stderr);
      expect(printed.name).toBe("SiteRecordInvalid");
      expect(printed.hint).toContain(record);
      await expectFilesNamedExist(printed);
    } finally {
      await write(record, before);
    }
  });

  it("answers a component the owner ejected and broke with the component's file, which the site has", async () => {
    const component = "components/Sidebar.tsx";
    expect((await portfolio("eject", component)).code).toBe(0);
    const before = await read(component);
    const kept = await fingerprint(inSite("dist"));
    await write(component, "export default function Sidebar( {\n");
    try {
      const run = await portfolio("build");
      expect(run.code).toBe(1);
      const printed = printedError(run.stderr);
      expect(printed.name).toBe("OverrideInvalid");
      expect(printed.message).toMatch(/^components\/Sidebar\.tsx:\d+:\d+ cannot be used/);
      await expectFilesNamedExist(printed);
      expect(await fingerprint(inSite("dist"))).toBe(kept);
    } finally {
      await write(component, before);
    }
  });

  it("answers a content folder moved away with how to bring it back and the guide to its files", async () => {
    const kept = await fingerprint(inSite("dist"));
    await rename(inSite("content"), inSite("content-moved"));
    try {
      const run = await portfolio("build");
      expect(run.code).toBe(1);
      const printed = printedError(run.stderr);
      expect(printed.name).toBe("ContentFolderMissing");
      await expectFilesNamedExist(printed, { missing: ["content/"] });
      const [page] = pathsNamed(printed.hint).filter((file) => guidePageAt(file) === contentGuide.page);
      expect(firstHeading(await read(page!))).toBe(contentGuide.heading);
      expect(await fingerprint(inSite("dist"))).toBe(kept);
    } finally {
      await rename(inSite("content-moved"), inSite("content"));
    }
  });

  it("answers a config file named wrong with the one the site has", async () => {
    const run = await portfolio("build", "--config", "portfolio.config.js");
    expect(run.code).toBe(1);
    const printed = printedError(run.stderr);
    expect(printed.name).toBe("ConfigNotFound");
    expect(printed.hint).toContain(config);
    await expectFilesNamedExist(printed, { missing: ["portfolio.config.js"] });
  });

  it("answers a host's settings file the owner changed with the guide's deploy page", async () => {
    expect((await portfolio("host", "netlify")).code).toBe(0);
    await write("netlify.toml", `# mine\n${await read("netlify.toml")}`);
    const run = await portfolio("host", "netlify");
    expect(run.code).toBe(1);
    const printed = printedError(run.stderr);
    expect(printed.name).toBe("HostFileExists");
    await expectFilesNamedExist(printed);
    const [page] = pathsNamed(printed.hint).filter((file) => guidePageAt(file) === "deploy.md");
    expect(firstHeading(await read(page!))).toBe("Deploy");
  });

  it("warns of a résumé folder the config does not declare, naming the guide's section on it", async () => {
    await mkdir(inSite("content/resume/talks"));
    await write("content/resume/talks/01-a-talk.md", "---\ntitle: A talk\n---\n");
    try {
      const run = await portfolio("build");
      expect(run.code).toBe(0);
      const warning = run.stderr.split("\n").find((line) => line.includes("content/resume/talks/"));
      expect(warning, run.stderr).toBeDefined();
      const [page] = pathsNamed(warning!).filter((file) => guidePageAt(file) === "resume.md");
      expect(page, warning).toBeDefined();
      const section = /resume\.md, "([^"]+)"/.exec(warning!)?.[1];
      expect(await read(page!)).toContain(`\n## ${section}\n`);
    } finally {
      await rm(inSite("content/resume/talks"), { recursive: true });
    }
  });

  it("follows the owner's new name and job title on every page, in the manifest, the feeds and the structured data", async () => {
    const before = await read(config);
    // init leaves what the build derives from the owner unwritten, so that it cannot go stale.
    expect(before).not.toMatch(/^\s*(title|description):/m);
    // The first post, published as its comment says, so that the feeds have an entry.
    await write(post, replacing(/^# A draft .*\ndraft: true\n/m, "")(await read(post)));
    await write(
      config,
      replacing(
        `name: "${owner.name}"`,
        `name: "${renamed.name}"`,
      )(replacing(`jobTitle: "${owner.jobTitle}"`, `jobTitle: "${renamed.jobTitle}"`)(before)),
    );
    const build = await portfolio("build");
    expect(build.stderr).not.toContain("✗");
    expect(build.code).toBe(0);

    const siteTitle = `${renamed.name} — ${renamed.jobTitle}`;
    const siteDescription = `${renamed.name}, ${renamed.jobTitle}`;
    const pages = await textFilesOf("dist", /\.html$/);
    expect(pages.length).toBeGreaterThan(5);
    for (const [file, html] of pages) {
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], file).toContain(renamed.name);
      expect(metaContent(html, "property", "og:site_name"), file).toBe(siteTitle);
      const people = structuredPeople(html);
      expect(people.length, file).toBeGreaterThan(0);
      for (const person of people) expect(person.name, file).toBe(renamed.name);
    }
    expect(metaContent(pages.find(([file]) => file === "index.html")![1], "name", "description")).toBe(siteDescription);

    const manifest = JSON.parse(await read("dist/manifest.webmanifest")) as Record<string, string>;
    expect(manifest).toMatchObject({ name: siteTitle, short_name: renamed.name, description: siteDescription });
    expect(/<channel>\s*<title>([^<]*)</.exec(await read("dist/feed.xml"))?.[1]).toContain(renamed.name);
    expect(/<feed[^>]*>[\s\S]*?<title[^>]*>([^<]*)</.exec(await read("dist/atom.xml"))?.[1]).toContain(renamed.name);
    expect((JSON.parse(await read("dist/feed.json")) as { title: string }).title).toContain(renamed.name);
    expect(await read("dist/feed.xml")).toContain("My first post");

    // Nothing the build wrote keeps the old name or job title: no page, feed, manifest or résumé.
    for (const [file, text] of await textFilesOf("dist", /\.(html|xml|json|txt|webmanifest)$/)) {
      expect(text, file).not.toContain(owner.name);
      expect(text, file).not.toContain(owner.jobTitle);
    }
  });
});

/** The error the dev server sends a page that opens while the build is broken: its overlay's title and text. */
async function firstBuildError(events: URL): Promise<{ title: string; message: string }> {
  const abort = new AbortController();
  const response = await fetch(events, { signal: abort.signal });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let received = "";
  try {
    while (true) {
      const sent = /event: build-error\ndata: (.*)\n\n/.exec(received);
      if (sent) return JSON.parse(sent[1]!) as { title: string; message: string };
      const { value, done } = await reader.read();
      if (done) throw new Error(`The events ended without a build error: ${received}`);
      received += value;
    }
  } finally {
    abort.abort();
  }
}

/** Each text file of a folder of the site whose name matches, by its path in the folder. */
async function textFilesOf(folder: string, names: RegExp): Promise<Array<[string, string]>> {
  const entries = await readdir(inSite(folder), { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && names.test(entry.name))
    .map((entry) => path.relative(inSite(folder), path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
  return Promise.all(files.map(async (file): Promise<[string, string]> => [file, await read(`${folder}/${file}`)]));
}

function metaContent(html: string, attribute: "name" | "property", value: string): string | undefined {
  const tag = new RegExp(`<meta ${attribute}="${value}" content="([^"]*)"`).exec(html);
  return tag?.[1]?.replaceAll("&amp;", "&");
}

/** Every schema.org Person of a page's structured data (the owner; a post's author). */
function structuredPeople(html: string): Array<{ name?: string }> {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  const people: Array<{ name?: string }> = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === "object" && value !== null) {
      if ((value as { "@type"?: string })["@type"] === "Person") people.push(value as { name?: string });
      Object.values(value).forEach(visit);
    }
  };
  for (const block of blocks) visit(JSON.parse(block[1]!));
  return people;
}

/** The fields a template of `new` writes out, each with the comment above it. */
function templateFields(text: string): Array<{ field: string; line: string; comment: string }> {
  const lines = text.split("\n");
  return lines.flatMap((line, index) => {
    const field = /^(\w+):/.exec(line)?.[1];
    return field ? [{ field, line, comment: lines[index - 1] ?? "" }] : [];
  });
}

/** A field its comment lets the owner leave out: marked optional, or to be removed (a draft's mark). */
const leftOutAllowed = (comment: string) => /^# (Optional\b|.*remove this line)/.test(comment);

const withoutLines = (text: string, lines: string[]) =>
  text
    .split("\n")
    .filter((line) => !lines.includes(line))
    .join("\n");

describe("the templates of portfolio new, in the same site", () => {
  const templates = [
    { kind: "post", title: "Hello", file: "content/blog/hello.md", page: "dist/blogs/hello.html" },
    { kind: "project", title: "X", file: "content/projects/x.md", page: "dist/works/x.html" },
  ];
  const required = { post: ["title", "date", "category"], project: ["title"] };

  for (const template of templates) {
    it(`writes a ${template.kind} that builds as its comments say, and marks what the schema requires`, async () => {
      expect((await portfolio("new", template.kind, template.title)).code).toBe(0);
      try {
        const written = await read(template.file);
        const fields = templateFields(written);
        expect(fields.filter(({ comment }) => !leftOutAllowed(comment)).map(({ field }) => field)).toEqual(
          required[template.kind as keyof typeof required],
        );
        // Every field is explained by a comment of its own.
        for (const { field, comment } of fields) expect(comment, field).toMatch(/^# /);

        // Each field marked optional left out at once (a post's draft mark too, as it says to publish).
        const optional = fields.filter(({ comment }) => leftOutAllowed(comment)).map(({ line }) => line);
        await write(template.file, withoutLines(written, optional));
        const build = await portfolio("build");
        expect(build.stderr).not.toContain("✗");
        expect(build.code).toBe(0);
        expect(await read(template.page)).toContain(`>${template.title}</h1>`);

        for (const { field, line } of fields.filter(({ comment }) => !leftOutAllowed(comment))) {
          await write(template.file, withoutLines(written, [line]));
          const run = await portfolio("build");
          expect(run.code, field).toBe(1);
          const printed = printedError(run.stderr);
          expect(printed.name).toBe("ContentInvalid");
          expect(printed.message).toContain(`${template.file} is not valid:\n  - ${field}: is missing`);
          await expectFilesNamedExist(printed);
        }
      } finally {
        await rm(inSite(template.file));
      }
    });
  }
});

/** Whether the package as npm installs it holds the file: listed by package.json's files, and there. */
const packaged = (file: string) =>
  packagedFiles.some((entry) => file === entry || (entry.endsWith("/") && file.startsWith(entry))) &&
  existsSync(path.join(repoRoot, file));

describe("the catalogue of errors", () => {
  it("has hints that name only the guide's pages, files the site made above has, or files of the installed package", async () => {
    expect(existsSync(inSite("dist")), "the site of the first hour is built").toBe(true);
    expect(installedGuide).toBe(`node_modules/${packageName}/docs/`);
    expect(packagedFiles).toContain("docs/");
    const { exports } = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as {
      exports: Record<string, unknown>;
    };
    const used = new Set<string>();
    for (const [name, data] of Object.entries(errorsData)) {
      for (const file of pathsNamed("hint" in data ? data.hint : "")) {
        const where = `${file}, in the hint of ${name}`;
        if (file.startsWith(installedGuide))
          expect(existsSync(path.join(guide, file.slice(installedGuide.length))), where).toBe(true);
        else if (file.startsWith(`${packageName}/`))
          expect(exports, where).toHaveProperty([`./${file.slice(packageName.length + 1)}`]);
        else if (file in ownersToMake) used.add(file);
        else expect(existsSync(inSite(file)) || packaged(file), where).toBe(true);
      }
    }
    // A name the hints no longer give is taken off the list, so that it cannot excuse another.
    expect([...used].sort()).toEqual(Object.keys(ownersToMake).sort());
  });

  it("names, wherever src/ points to the guide, a page that exists and the section it quotes", async () => {
    const sources = (await readdir(path.join(repoRoot, "src"), { recursive: true }))
      .filter((file) => /\.tsx?$/.test(file))
      .map((file) => path.join(repoRoot, "src", file));
    const pointers: Array<{ page: string; section?: string; file: string }> = [];
    for (const file of sources) {
      const text = await readFile(file, "utf8");
      for (const match of text.matchAll(/(?:\$\{installedGuide\}|guidePage\(")([\w-]+\.md)(?:"\))?(?:, "([^"]+)")?/g))
        pointers.push({ page: match[1]!, section: match[2], file: path.relative(repoRoot, file) });
    }
    expect(pointers.map(({ page }) => page)).toEqual(
      expect.arrayContaining(["content.md", "configuration.md", "deploy.md"]),
    );
    for (const { page, section, file } of pointers) {
      const where = `${page}, named in ${file}`;
      expect(existsSync(path.join(guide, page)), where).toBe(true);
      // A quoted section is one the owner can find: a heading of the page, or a term it sets in bold.
      if (section) {
        const quoted = section.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        const found = new RegExp(`\\n(## ${quoted}\\n|- \\*\\*${quoted}\\*\\*)`);
        expect(await readFile(path.join(guide, page), "utf8"), where).toMatch(found);
      }
    }
  });
});

/** The guide's pages for owners: every page of docs/ but those written for the engine's contributors. */
async function ownersPages(): Promise<Array<[string, string]>> {
  const pages = (await readdir(guide)).filter((file) => file.endsWith(".md") && !file.startsWith("contributing-"));
  return Promise.all(
    pages.map(async (page) => [page, await readFile(path.join(guide, page), "utf8")] as [string, string]),
  );
}

/** What marks a text as written for the people who build the engine: measurements, comparisons, algorithms. */
const enginersMaterial: Array<[string, RegExp]> = [
  ["a Lighthouse run", /\bLighthouse\b/],
  ["a benchmark", /\bbench(mark)?s?\b|npm run bench/i],
  ["medians of runs", /\bmedians?\b/i],
  ["a page-speed metric", /\b(LCP|CLS|TBT|INP)\b|blocking time/],
  ["a merge or diff algorithm", /\bdiff3\b|\bMyers\b|\bLevenshtein\b/],
  ["processor time measured", /processor[- ]time|processor-seconds/i],
  ["a table of timings", /^\|.*\b\d+(\.\d+)?\s?(ms|s)\b.*\|$/m],
];

describe("a mistake in a post folder", () => {
  it("answers a misspelt image of the folder with the folder's own names and a hint about folders, not public/", async () => {
    const folder = "content/blog/offline-sync";
    const { default: sharp } = await import("sharp");
    await mkdir(inSite(folder), { recursive: true });
    try {
      await sharp({ create: { width: 600, height: 300, channels: 3, background: "#336699" } })
        .png()
        .toFile(inSite(`${folder}/retries.png`));
      await write(
        `${folder}/index.md`,
        "---\ntitle: Offline sync\ndate: 2024-05-01\ncategory: Programming\n---\n\nThe queue empties.\n\n![Retries per minute](retry.png)\n",
      );
      const run = await portfolio("build");
      expect(run.code).toBe(1);
      const printed = printedError(run.stderr);
      expect(printed.message).toContain(`${folder}/index.md`);
      expect(printed.message).toContain("retry.png");
      expect(printed.message).toContain("did you mean retries.png?");
      expect(printed.hint).not.toContain("A relative path means a file inside public/");
      expect(printed.hint).toContain("An image of a post folder is named as the folder holds it, by its name alone");
      await expectFilesNamedExist(printed);
    } finally {
      await rm(inSite(folder), { recursive: true, force: true });
    }
  });
});

describe("npm update while portfolio dev runs", () => {
  it("says restart dev: the engine changed, once the installed engine's package.json changes", async () => {
    // The engine as the site has it installed: its package.json, which npm update replaces.
    const engine = path.join(work, "engine-package.json");
    const manifest = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8")) as { version: string };
    await writeFile(engine, JSON.stringify({ ...manifest, version: "0.2.0" }));
    const said: string[] = [];
    const server = await startDevServer({
      cwd: site,
      env: {},
      port: 0,
      host: "127.0.0.1",
      onBuild: () => {},
      onEngineChanged: (line) => said.push(line),
      engine: { manifest: engine, intervalMs: 50 },
    });
    try {
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(said).toEqual([]);
      await writeFile(engine, JSON.stringify({ ...manifest, version: "0.3.0" }));
      const deadline = Date.now() + 5_000;
      while (!said.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(said).toEqual([
        "restart dev: the engine changed (portfolio-ssg 0.2.0 → 0.3.0), and this dev still runs the one it started with. Stop it (Ctrl+C) and run npm run dev again.",
      ]);
    } finally {
      await server.close();
    }
  });
});

describe("the package's front page and guide, as published", () => {
  it("link and show only files the package ships (package.json's files) or https addresses, and name the repository (point 2)", async () => {
    // The packed tarball, installed, is tests/package.test.ts's; this reads the same rules without packing.
    const excluded = packagedFiles.filter((entry) => entry.startsWith("!")).map((entry) => entry.slice(1));
    const under = (file: string, entry: string) => (entry.endsWith("/") ? file.startsWith(entry) : file === entry);
    const shipped = (file: string) =>
      ["README.md", "LICENSE", "package.json"].includes(file) ||
      (packagedFiles.some((entry) => under(file, entry)) && !excluded.some((entry) => under(file, entry)));
    const pages = [
      "README.md",
      ...(await readdir(guide)).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`),
    ];
    const outside: string[] = [];
    for (const page of pages) {
      const hrefs: string[] = [];
      walkTokens(lexer(await readFile(path.join(repoRoot, page), "utf8")), (token) => {
        if (token.type === "link" || token.type === "image") hrefs.push(token.href);
      });
      for (const href of hrefs) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(href)) {
          // The address portfolio dev serves on, named as the owner sees it, is not a link to follow from the package.
          if (!/^(https|mailto):|^http:\/\/127\.0\.0\.1:/.test(href)) outside.push(`${page}: ${href}`);
          continue;
        }
        // The built site's own pages, in examples, and anchors of the page itself.
        if (href.startsWith("/") || href.startsWith("#")) continue;
        const target = path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(href.split("#")[0]!)));
        if (!shipped(target) || !existsSync(path.join(repoRoot, target))) outside.push(`${page}: ${href}`);
      }
    }
    expect(outside).toEqual([]);
    const manifest = JSON.parse(await readFile(path.join(repoRoot, "package.json"), "utf8"));
    expect(manifest.repository?.url).toMatch(/^git\+https:\/\/github\.com\//);
  });
});

describe("the guide's pages, as an owner reads them", () => {
  it("say what to do and what happens: no Lighthouse tables, benchmarks or merge algorithms outside pages for contributors", async () => {
    const found: string[] = [];
    for (const [page, text] of await ownersPages())
      for (const [what, pattern] of enginersMaterial) {
        const match = pattern.exec(text);
        if (match) found.push(`${page}: ${what} (${JSON.stringify(match[0])})`);
      }
    expect(found).toEqual([]);
  });

  it("do not open with a link to themselves", async () => {
    for (const [page, text] of await ownersPages()) {
      const opening = text.split(/\n## /)[0]!;
      const self = new RegExp(`\\]\\((${page.replace(".", "\\.")})?#${headingAnchor(firstHeading(text) ?? "")}\\)`);
      expect(opening, page).not.toMatch(self);
    }
  });

  it("builds the post-folder example of writing.md as it says, images beside the text by name, as portfolio new writes it", async () => {
    const writing = await readFile(path.join(guide, "writing.md"), "utf8");
    const section = /\n## A post as a folder[^\n]*\n([\s\S]*?)(?=\n## |$)/.exec(writing)?.[1];
    expect(section, "writing.md has a section on a post as a folder").toBeDefined();
    const tree = /```text\n([\s\S]*?)```/.exec(section!)![1]!.split("\n").filter(Boolean);
    const folder = tree[0]!.trim();
    const files = tree.slice(1).map((line) => line.replace(/^[\s│├└─]+/, ""));
    expect(folder).toMatch(/^content\/blog\/[\w-]+\/$/);
    expect(files).toContain("index.md");
    const text = /(`{3,})markdown\n([\s\S]*?)\n\1/.exec(section!)![2]!;
    const images = [...text.matchAll(/!\[([^\]]*)\]\(([^)\s]+)/g)].map((match) => ({ alt: match[1]!, src: match[2]! }));
    expect(images.length).toBeGreaterThan(0);
    const { default: sharp } = await import("sharp");
    await mkdir(inSite(folder), { recursive: true });
    try {
      for (const file of files.filter((file) => file !== "index.md"))
        await sharp({ create: { width: 900, height: 450, channels: 3, background: "#336699" } })
          .png()
          .toFile(inSite(`${folder}${file}`));
      await write(`${folder}index.md`, text);
      const build = await portfolio("build");
      expect(build.stderr).not.toContain("✗");
      expect(build.code).toBe(0);
      const slug = path.basename(folder);
      const page = await read(`dist/blogs/${slug}.html`);
      for (const { alt } of images)
        expect(page).toMatch(new RegExp(`<img src="/assets/images/[^"]+" [^>]*alt="${alt}"`));
    } finally {
      await rm(inSite(folder), { recursive: true, force: true });
    }
    // The same form everywhere the owner meets it: the template of `new --folder` and the content guide.
    expect((await portfolio("new", "post", "Folder example", "--folder")).code).toBe(0);
    try {
      const template = await read("content/blog/folder-example/index.md");
      const named = [...template.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((match) => match[1]!);
      const content = await readFile(path.join(guide, "content.md"), "utf8");
      const guideFolder = /\*\*A post as a folder\.\*\*([\s\S]*?)\n\n/.exec(content)![1]!;
      named.push(...[...guideFolder.matchAll(/!\[[^\]]*\]\(([^)\s]+)/g)].map((match) => match[1]!));
      expect(named.length).toBeGreaterThan(1);
      for (const src of [...named, ...images.map((image) => image.src)]) expect(src).toMatch(/^(\.\/)?[\w.-]+$/);
    } finally {
      await rm(inSite("content/blog/folder-example"), { recursive: true, force: true });
    }
  });
});
