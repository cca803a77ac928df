import { spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { buildSite } from "../src/pipeline/build-site.js";
import { copySampleSite, repoRoot } from "./helpers/sample-site.js";

const workflowFile = path.join(repoRoot, ".github", "workflows", "deploy.yml");
const validatorCli = createRequire(import.meta.url).resolve("@action-validator/cli/cli.mjs");

function validate(file: string) {
  return spawnSync(process.execPath, [validatorCli, file], {
    encoding: "utf8",
    env: { ...process.env, NO_COLOR: "1" },
  });
}

describe("the GitHub Pages workflow", () => {
  it("passes the workflow validator", () => {
    const run = validate(workflowFile);
    expect(run.stderr + run.stdout).toBe("");
    expect(run.status).toBe(0);
  });

  it("is checked by a validator that does fail a broken workflow", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "portfolio-workflow-"));
    try {
      const broken = path.join(folder, "deploy.yml");
      await writeFile(
        broken,
        (await readFile(workflowFile, "utf8")).replace("runs-on: ubuntu-latest", "runs-onn: ubuntu-latest"),
      );
      expect(validate(broken).status).not.toBe(0);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it("builds on pushes to main and on demand, with the Pages base path, address and EmailJS secrets, and deploys with the official actions", async () => {
    const workflow = parse(await readFile(workflowFile, "utf8")) as {
      on: { push: { branches: string[] }; workflow_dispatch: unknown };
      jobs: Record<
        string,
        { steps: Array<{ uses?: string; run?: string; env?: Record<string, string>; with?: Record<string, string> }> }
      >;
    };
    expect(workflow.on.push.branches).toEqual(["main"]);
    expect(workflow.on).toHaveProperty("workflow_dispatch");
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const uses = steps.flatMap((step) => (step.uses ? [step.uses.split("@")[0]] : []));
    expect(uses).toEqual(
      expect.arrayContaining(["actions/configure-pages", "actions/upload-pages-artifact", "actions/deploy-pages"]),
    );
    const build = steps.find((step) => step.run?.includes("portfolio.js build"))!;
    expect(build.run).toContain('--base "${{ steps.pages.outputs.base_path }}/"');
    expect(build.env).toMatchObject({
      SITE_URL: "${{ steps.pages.outputs.origin }}",
      EMAILJS_PUBLIC_KEY: "${{ secrets.EMAILJS_PUBLIC_KEY }}",
      EMAILJS_SERVICE_ID: "${{ secrets.EMAILJS_SERVICE_ID }}",
      EMAILJS_TEMPLATE_ID: "${{ secrets.EMAILJS_TEMPLATE_ID }}",
      // The other form services' keys, for the one the config's contact names.
      FORMSPREE_FORM_ID: "${{ secrets.FORMSPREE_FORM_ID }}",
      WEB3FORMS_ACCESS_KEY: "${{ secrets.WEB3FORMS_ACCESS_KEY }}",
      CONTACT_ENDPOINT_URL: "${{ secrets.CONTACT_ENDPOINT_URL }}",
      // GitHub's repositories (the config's `github`) are read with the workflow's own token.
      GITHUB_TOKEN: "${{ secrets.GITHUB_TOKEN }}",
    });
    expect(steps.find((step) => step.uses?.startsWith("actions/upload-pages-artifact"))?.with?.path).toBe("dist");
  });

  it("prints the CV from the content before the build, with the runner's Chrome or a Chromium it installs", async () => {
    const workflow = parse(await readFile(workflowFile, "utf8")) as {
      jobs: Record<
        string,
        { steps: Array<{ id?: string; if?: string; uses?: string; run?: string; env?: Record<string, string> }> }
      >;
    };
    const steps = workflow.jobs.build!.steps;
    const cv = steps.findIndex((step) => step.run === "node bin/portfolio.js cv");
    const build = steps.findIndex((step) => step.run?.includes("portfolio.js build"));
    expect(cv).toBeGreaterThan(steps.findIndex((step) => step.run === "npm ci"));
    expect(cv).toBeLessThan(build);
    const find = steps.find((step) => step.id === "chrome")!;
    expect(find.run).toContain("command -v google-chrome");
    expect(find.run).toContain('>> "$GITHUB_OUTPUT"');
    const setup = steps.find((step) => step.id === "setup-chrome")!;
    expect(setup.uses).toMatch(/^browser-actions\/setup-chrome@v\d+$/);
    expect(setup.if).toBe("steps.chrome.outputs.path == ''");
    expect(steps[cv]!.env).toEqual({
      CHROMIUM_PATH: "${{ steps.chrome.outputs.path || steps.setup-chrome.outputs.chrome-path }}",
      // The CV is printed from a build, which reads GitHub's repositories as the deploy's does.
      GITHUB_TOKEN: "${{ secrets.GITHUB_TOKEN }}",
    });
  });

  it.each([".github/workflows/deploy.yml", "starter/site/.github/workflows/deploy.yml"])(
    "gives the build the browser the CV step found, which draws Mermaid diagrams (%s)",
    async (file) => {
      const workflow = parse(await readFile(path.join(repoRoot, file), "utf8")) as {
        jobs: Record<string, { steps: Array<{ run?: string; env?: Record<string, string> }> }>;
      };
      const build = workflow.jobs.build!.steps.find((step) => /portfolio(\.js)? build/.test(step.run ?? ""))!;
      expect(build.env?.CHROMIUM_PATH).toBe(
        "${{ steps.chrome.outputs.path || steps.setup-chrome.outputs.chrome-path }}",
      );
    },
  );

  it.each([
    ["a project site", "/repo", "https://user.github.io"],
    ["a user site", "", "https://user.github.io"],
  ])("builds %s from what configure-pages gives, the config unchanged", async (_kind, basePath, origin) => {
    const site = await copySampleSite();
    try {
      const result = await buildSite({ cwd: site.root, env: { SITE_URL: origin }, base: `${basePath}/` });
      const html = await readFile(path.join(result.outDir, "works.html"), "utf8");
      expect(html).toContain(`<link rel="canonical" href="${origin}${basePath}/works">`);
      expect(html).toMatch(new RegExp(`href="${basePath}/assets/site-[A-Z0-9]+\\.css"`));
    } finally {
      await site.remove();
    }
  });
});
