import { existsSync } from "node:fs";
// `portfolio eject` for components: --list, a copy that builds as the default did, a wrapper, and
// `portfolio upgrade` following a later default of an ejected component.
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import ts from "typescript";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { overridable } from "../src/overrides/overridable.js";
import { packageVersion } from "../src/package-root.js";
import { overrideOf, siteRecordText } from "../src/project/site-record.js";
import { engineDefault, wrapperOf } from "../src/upgrade/ejectable-files.js";
import { git, portfolioInProcess } from "./helpers/run-portfolio.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

let site: SiteCopy;
beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
  await site.write(".gitignore", "dist/\n.portfolio/\n");
  await site.write("portfolio-site.json", siteRecordText({ format: 2, overrides: {}, wrapped: [] }));
  git(site.root, "init", "-q");
  git(site.root, "add", "-A");
  git(site.root, "commit", "-qm", "The site");
});
afterEach(async () => {
  await site.remove();
});

const portfolio = (...args: string[]) => portfolioInProcess(site.root, args);
const built = (file: string) => readFile(path.join(site.root, "dist", file), "utf8");

describe("portfolio eject, for components", () => {
  it("--list names every component and screen that can be replaced, stable or internal", async () => {
    const run = await portfolio("eject", "--list");
    expect(run.code).toBe(0);
    for (const row of overridable) expect(run.stdout).toMatch(new RegExp(`${row.file}\\s+${row.stability}\\s`));
    expect(run.stdout).toContain("templates/page.html");
  });

  it("copies a component that builds exactly as the default did, and records it", async () => {
    expect((await portfolio("build")).code).toBe(0);
    const before = await built("works.html");
    const run = await portfolio("eject", "components/ProjectCard.tsx");
    expect(run.code).toBe(0);
    const copy = await site.read("components/ProjectCard.tsx");
    expect(copy).toContain('from "portfolio-ssg/components"');
    expect(copy).not.toMatch(/from "\.{1,2}\//);
    const record = JSON.parse(await site.read("portfolio-site.json"));
    expect(record.overrides["components/ProjectCard.tsx"]).toEqual(overrideOf(copy, packageVersion()));
    expect((await portfolio("build")).code).toBe(0);
    expect(await built("works.html")).toBe(before);

    await site.write(
      "components/ProjectCard.tsx",
      copy.replace(
        '<article className="project-card">',
        '<article className="project-card"><span className="badge">Case study</span>',
      ),
    );
    expect((await portfolio("build")).code).toBe(0);
    expect((await built("works.html")).match(/<span class="badge">Case study<\/span>/g)?.length).toBe(
      before.match(/<article class="project-card">/g)!.length,
    );
  }, 120_000);

  it("--wrap writes a component that renders the default, recorded as wrapped, which upgrade leaves alone", async () => {
    const run = await portfolio("eject", "components/Sidebar.tsx", "--wrap");
    expect(run.code).toBe(0);
    expect(await site.read("components/Sidebar.tsx")).toBe(wrapperOf("Sidebar"));
    expect(JSON.parse(await site.read("portfolio-site.json")).wrapped).toEqual(["components/Sidebar.tsx"]);
    await site.write(
      "components/Sidebar.tsx",
      wrapperOf("Sidebar").replace(
        "<Original {...props} />",
        '<Original {...props} />\n      <p className="status">Open to work</p>',
      ),
    );
    expect((await portfolio("build")).code).toBe(0);
    for (const page of ["about.html", "works.html", "blogs.html", "contact.html"])
      expect(await built(page)).toContain('<p class="status">Open to work</p>');
    git(site.root, "add", "-A");
    git(site.root, "commit", "-qm", "Wrapped the sidebar");
    expect((await portfolio("upgrade")).stdout).toContain("Up to date");

    const refused = await portfolio("eject", "templates/page.html", "--wrap");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("EjectCannotWrap");
  }, 120_000);

  it("copies several files at once, and none when one of them is not a default", async () => {
    const refused = await portfolio("eject", "components/PostCard.tsx", "components/PostCrad.tsx");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("components/PostCrad.tsx");
    expect(existsSync(path.join(site.root, "components", "PostCard.tsx"))).toBe(false);
    expect(JSON.parse(await site.read("portfolio-site.json")).overrides).toEqual({});

    const run = await portfolio("eject", "components/PostCard.tsx", "templates/page.html");
    expect(run.code).toBe(0);
    expect(run.stdout.match(/Wrote /g)).toHaveLength(2);
    const record = JSON.parse(await site.read("portfolio-site.json"));
    expect(Object.keys(record.overrides).sort()).toEqual(["components/PostCard.tsx", "templates/page.html"]);
    expect(await site.read("components/PostCard.tsx")).toBe(await engineDefault("components/PostCard.tsx"));
  });

  it("upgrade reports a later default of an ejected component with its diff and merges it with --write", async () => {
    const current = await engineDefault("components/ProjectCard.tsx");
    // The default as an earlier version shipped it: without the card's year line.
    const yearLine = current.split("\n").find((line) => line.includes("project-year"))!;
    const older = current.replace(`${yearLine}\n`, "");
    const own = older.replace('<article className="project-card">', '<article className="project-card" data-mine="">');
    await site.write("components/ProjectCard.tsx", own);
    await site.write(
      "portfolio-site.json",
      siteRecordText({
        format: 2,
        overrides: { "components/ProjectCard.tsx": overrideOf(older, "0.1.0") },
        wrapped: [],
      }),
    );
    git(site.root, "add", "-A");
    git(site.root, "commit", "-qm", "Ejected earlier");

    const dry = await portfolio("upgrade");
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      "components/ProjectCard.tsx: the engine's default has changed since you copied it from portfolio 0.1.0",
    );
    expect(dry.stdout).toContain(`+${yearLine}`);
    expect(dry.stdout).toContain("It merges cleanly with your changes");

    const run = await portfolio("upgrade", "--write");
    expect(run.code).toBe(0);
    expect(await site.read("components/ProjectCard.tsx")).toBe(
      current.replace('<article className="project-card">', '<article className="project-card" data-mine="">'),
    );
    expect((await portfolio("build")).code).toBe(0);
    expect(await built("works.html")).toContain('<article class="project-card" data-mine="">');
  }, 120_000);
});

describe("what an owner's component is checked against", () => {
  it("every ejected default, and every wrapper, type-checks against portfolio-ssg/components", async () => {
    // Inside the repository (.tmp/ is ignored), so the packages the defaults import resolve as in a site.
    await mkdir(path.join(repoRoot, ".tmp"), { recursive: true });
    const folder = await mkdtemp(path.join(repoRoot, ".tmp", "ejected-"));
    try {
      const files: string[] = [];
      for (const row of overridable) {
        for (const [kind, text] of [
          ["copy", await engineDefault(row.file)],
          ["wrap", wrapperOf(row.name)],
        ] as const) {
          const file = path.join(folder, kind, row.file);
          await mkdir(path.dirname(file), { recursive: true });
          await writeFile(file, text);
          files.push(file);
        }
      }
      // A wrong prop is an error the owner's editor shows.
      const wrong = path.join(folder, "wrong", "components", "ProjectCard.tsx");
      await mkdir(path.dirname(wrong), { recursive: true });
      await writeFile(
        wrong,
        'import type { ProjectCardProps } from "portfolio-ssg/components";\nexport function ProjectCard({ project }: ProjectCardProps) {\n  return <p>{project.titel}</p>;\n}\n',
      );
      // The engine's own declarations of untyped packages come along, as they do in the published types.
      const ambient = (await readdir(path.join(repoRoot, "src", "types"))).map((name) =>
        path.join(repoRoot, "src", "types", name),
      );
      const program = ts.createProgram([...files, wrong, ...ambient], {
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        jsx: ts.JsxEmit.ReactJSX,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
        typeRoots: [path.join(repoRoot, "node_modules", "@types")],
        baseUrl: repoRoot,
        paths: { "portfolio-ssg/components": [path.join(repoRoot, "src/overrides/public-components.ts")] },
      });
      // The components' own files are checked (the engine they import is checked by tsc in npm test;
      // checking all of it again here was most of this test's time).
      const problemsOf = (file: string) => {
        const source = program.getSourceFile(file);
        if (!source) return [`${file} is not in the program`];
        return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
          (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
        );
      };
      const problems = [
        ...[...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map((diagnostic) =>
          ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
        ),
        ...files.flatMap((file) => problemsOf(file).map((problem) => `${path.relative(folder, file)}: ${problem}`)),
      ];
      expect(problems).toEqual([]);
      expect(problemsOf(wrong)).toEqual([
        expect.stringContaining("Property 'titel' does not exist on type 'ProjectCardView'"),
      ]);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 120_000);
});
