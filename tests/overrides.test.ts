// An owner's components in place of the engine's: a file of the same path in the site
// (components/ProjectCard.tsx) is used wherever the default was, may wrap the default imported
// from portfolio-ssg/components, may bring its own CSS, and fails the build naming itself.
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { copySampleSite, type SiteCopy } from "./helpers/sample-site.js";
import { portfolioInProcess } from "./helpers/run-portfolio.js";

let site: SiteCopy;

beforeEach(async () => {
  site = await copySampleSite({ warmCache: true });
});

afterEach(async () => {
  await site.remove();
});

const built = (file: string) => readFile(path.join(site.root, "dist", file), "utf8");

const badgeCard = `import { ProjectCard as Original, type ProjectCardProps } from "portfolio-ssg/components";
import "./badge.css";

export function ProjectCard(props: ProjectCardProps) {
  return (
    <div className="with-badge">
      <span className="case-study-badge">{"Case study: " + props.project.title}</span>
      <Original {...props} />
    </div>
  );
}
`;

describe("component overrides", () => {
  it("uses the owner's ProjectCard wherever the default was, wrapping the original, with its CSS", async () => {
    await site.write("components/ProjectCard.tsx", badgeCard);
    await site.write("components/badge.css", ".case-study-badge { color: rebeccapurple; }\n");
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const works = await built("works.html");
    const cards = works.match(/<article class="project-card">/g)!.length;
    expect(cards).toBeGreaterThan(3);
    expect(works.match(/class="case-study-badge"/g)?.length).toBe(cards);
    expect(works).toContain("Case study: FleetWise");
    // A tag page shows the same cards.
    const tagPage = (await readFile(path.join(site.root, "dist", "works", "tag", "react.html"), "utf8").catch(
      () => "",
    )) as string;
    if (tagPage.includes("project-card")) expect(tagPage).toContain("case-study-badge");
    const stylesheet = works.match(/<link rel="stylesheet" href="\/(assets\/[^"]+\.css)"/)![1]!;
    expect(await built(stylesheet)).toMatch(
      /\.case-study-badge\{color:#639\}|\.case-study-badge\{color:rebeccapurple\}/,
    );
  }, 120_000);

  it("wraps the sidebar on every page", async () => {
    await site.write(
      "components/Sidebar.tsx",
      `import { Sidebar as Original, type SidebarProps } from "portfolio-ssg/components";

export function Sidebar(props: SidebarProps) {
  return (
    <>
      <Original {...props} />
      <p className="status-line">Open to work from March</p>
    </>
  );
}
`,
    );
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    for (const page of ["about.html", "resume.html", "works.html", "contact.html", "works/fleetwise.html"])
      expect(await built(page), page).toContain('<p class="status-line">Open to work from March</p>');
  }, 120_000);

  it("a rebuild follows a changed override; an empty one is refused; deleted, the default comes back", async () => {
    await site.write("components/ProjectCard.tsx", badgeCard.replace("Case study", "First"));
    await site.write("components/badge.css", "");
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    expect(await built("works.html")).toContain("First: FleetWise");
    await site.write("components/ProjectCard.tsx", badgeCard.replace("Case study", "Second"));
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    expect(await built("works.html")).toContain("Second: FleetWise");
    await site.write("components/ProjectCard.tsx", "");
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("components/ProjectCard.tsx");
    expect(run.stderr).toContain("exports no component ProjectCard");
    await rm(path.join(site.root, "components", "ProjectCard.tsx"));
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    expect(await built("works.html")).not.toContain("case-study-badge");
  }, 120_000);

  it("an override that throws fails the build naming the owner's file and the route, and keeps the previous output", async () => {
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    const before = await built("works.html");
    await site.write(
      "components/ProjectCard.tsx",
      `import type { ProjectCardProps } from "portfolio-ssg/components";

export function ProjectCard({ project }: ProjectCardProps) {
  // A prop the card does not have: TypeScript says so in the editor; the build says so too.
  const links = (project as unknown as { links: string[] }).links;
  return <p>{links.join(", ")}</p>;
}
`,
    );
    const run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "components/ProjectCard.tsx threw while rendering /works: Cannot read properties of undefined",
    );
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(await built("works.html")).toBe(before);
  }, 120_000);

  it("a syntax error or an import it cannot use is named with the file (and line)", async () => {
    await site.write("screens/AboutScreen.tsx", "export function AboutScreen() {\n  return <div>;\n}\n");
    let run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr, run.stderr).toMatch(/screens\/AboutScreen\.tsx:3:\d+ cannot be used/);
    await site.write(
      "screens/AboutScreen.tsx",
      'import { renderToString } from "react-dom/server";\nexport function AboutScreen() {\n  return <p>{typeof renderToString}</p>;\n}\n',
    );
    run = await portfolioInProcess(site.root, ["build"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("screens/AboutScreen.tsx");
    expect(run.stderr).toContain("react-dom/server");
  }, 120_000);

  it("replaces a screen: the owner's About page, in the engine's layout", async () => {
    await site.write(
      "screens/AboutScreen.tsx",
      `import { AboutScreen as Original } from "portfolio-ssg/components";
import type { ComponentProps } from "react";

export function AboutScreen(props: ComponentProps<typeof Original>) {
  return (
    <>
      <ul className="photo-strip"><li>One</li><li>Two</li></ul>
      <Original {...props} />
    </>
  );
}
`,
    );
    expect((await portfolioInProcess(site.root, ["build"])).code).toBe(0);
    const about = await built("about.html");
    expect(about).toContain('<ul class="photo-strip">');
    expect(about).toContain('class="sidebar"');
    expect(await built("resume.html")).not.toContain("photo-strip");
  }, 120_000);
});
