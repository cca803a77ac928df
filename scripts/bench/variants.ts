import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import type { LayoutName } from "../../src/config/layout-names.js";
import { startServer } from "../../src/serve/start-server.js";
import { withLayout } from "../../tests/helpers/sample-site.js";
import { auditRoutes } from "./lighthouse-audit.js";
import { makePhonePhoto } from "./make-photo.js";
import { viewOnPhone, type PhoneView } from "./phone-view.js";
import { weighPages } from "./page-weight.js";
import { copySite, makePosts, timedNode } from "./scale.js";
import { startThirdPartyStubs } from "./third-party-stubs.js";
import { sampleRepositories, startFakeGitHub } from "../../tests/helpers/fake-github.js";
import { chromium } from "playwright-core";
import { chromiumFlags } from "../../tests/helpers/browser.js";
import { median } from "./stats.js";
import { MeasurementError, type LighthouseRun, type PageWeight } from "./types.js";

export type VariantName = "sample" | "photo" | "font" | "portuguese" | "arabic" | "bilingual" | "integrations";

export const variantNames: VariantName[] = [
  "sample",
  "photo",
  "font",
  "portuguese",
  "arabic",
  "bilingual",
  "integrations",
];

export const variantDescriptions: Record<VariantName, string> = {
  sample: "the sample site (SVG images)",
  photo: "the sample with a 4000×3000 JPEG phone photo (8.9 MB) as owner.photo and as FleetWise's image",
  font: "the sample with a theme: a teal accent and Inter (@fontsource-variable/inter, self-hosted) as the text font",
  portuguese: "a site in Portuguese (tests/fixtures/sites/pt): site.lang pt, content in Portuguese",
  arabic: "a site in Arabic, right to left (tests/fixtures/sites/ar)",
  bilingual: "a site in English and Portuguese (tests/fixtures/sites/bilingual): its Portuguese pages, under /pt/",
  integrations:
    "the sample with 3 posts (make-posts.mjs) and every integration: GitHub's repositories (a local fake of its API), giscus comments and Plausible, their hosts answered by local stubs over HTTPS",
};

/** The variants that are sites of their own rather than the sample. */
const fixtureSites: Partial<Record<VariantName, { site: string; folder: string }>> = {
  portuguese: { site: "pt", folder: "" },
  arabic: { site: "ar", folder: "" },
  bilingual: { site: "bilingual", folder: "pt" },
};

/**
 * A fixture site's pages of each kind, in the language of `folder` (`pt`, for the Portuguese pages
 * of a site in two languages): the sample's routes name its own project.
 */
export async function fixtureRoutes(project: string, folder: string): Promise<string[]> {
  const first = async (collection: string) =>
    (await readdir(path.join(project, "content", collection)))
      .filter((file) => file.endsWith(".md"))
      .sort()[0]!
      .replace(/(\.pt)?\.md$/, "");
  const at = folder ? `/${folder}/` : "/";
  return [
    at,
    `${at}resume`,
    `${at}works`,
    `${at}blogs`,
    `${at}contact`,
    `${at}works/${await first("projects")}`,
    `${at}blogs/${await first("blog")}`,
    `${at}search`,
  ];
}

export interface Samples {
  samplesMs: number[];
  medianMs: number;
}

export interface VariantReport {
  variant: VariantName;
  description: string;
  /** No cache and no output: the first build after a clone, or after adding the photo. */
  cold: Samples;
  /** Nothing changed since the last build. */
  warm: Samples;
  pages: PageWeight[];
  phone: PhoneView[];
  lighthouse: LighthouseRun[];
}

export interface VariantOptions {
  root: string;
  runs: number;
  routes: readonly string[];
  browser: Browser;
  chromiumPath: string;
  lighthouseFlags: readonly string[];
  progress: (message: string) => void;
  /** The site in this layout (`theme.layout`) rather than its own: `npm run bench -- --layout column`. */
  layout?: LayoutName | undefined;
}

/**
 * One variant of the sample in a folder of its own, built by the real CLI in its own process (cold
 * `runs` times, then warm `runs` times), served, weighed on a desktop and a phone, and audited by
 * Lighthouse on every route.
 */
export async function benchVariant(variant: VariantName, options: VariantOptions): Promise<VariantReport> {
  const project = await mkdtemp(path.join(tmpdir(), `portfolio-bench-${variant}-`));
  const cleanups: Array<() => Promise<void>> = [];
  try {
    const fixture = fixtureSites[variant];
    await copySite(
      fixture ? path.join(options.root, "tests", "fixtures", "sites", fixture.site) : options.root,
      project,
    );
    if (options.layout) {
      const config = await readFile(path.join(project, "portfolio.config.ts"), "utf8");
      await writeFile(path.join(project, "portfolio.config.ts"), withLayout(config, options.layout));
    }
    let routes = fixture ? await fixtureRoutes(project, fixture.folder) : options.routes;
    if (variant === "photo") await addPhonePhoto(project);
    if (variant === "font") await addThemeFont(project, options.root);
    const integrations = variant === "integrations" ? await addIntegrations(project, options.root) : undefined;
    if (integrations) routes = integrations.routes;
    cleanups.push(async () => integrations?.close());
    const cli = path.join(options.root, "bin", "portfolio.js");
    const build = async () => (await timedNode([cli, "build"], project, integrations?.env)).ms;
    // The CLI compiles itself when its sources changed: not part of any build's time.
    await build();
    const cold: number[] = [];
    for (let index = 0; index < options.runs; index++) {
      options.progress(`${variant}: cold build ${index + 1}/${options.runs}`);
      await rm(path.join(project, ".portfolio"), { recursive: true, force: true });
      await rm(path.join(project, "dist"), { recursive: true, force: true });
      cold.push(await build());
    }
    const warm: number[] = [];
    for (let index = 0; index < options.runs; index++) {
      options.progress(`${variant}: warm build ${index + 1}/${options.runs}`);
      warm.push(await build());
    }
    const server = await startServer({ root: path.join(project, "dist"), base: "/", port: 0, host: "127.0.0.1" });
    try {
      options.progress(`${variant}: weighing pages on a desktop and a phone`);
      // The integrations' hosts are the local stubs, for the weighing browser and Lighthouse's alike.
      const browser = integrations
        ? await chromium.launch({
            executablePath: options.chromiumPath,
            args: [...chromiumFlags, ...integrations.chromiumFlags],
          })
        : options.browser;
      cleanups.push(async () => {
        if (browser !== options.browser) await browser.close();
      });
      const pages = await weighPages(browser, server.url, routes);
      const phone = await viewOnPhone(browser, server.url, routes);
      options.progress(`${variant}: Lighthouse, mobile and desktop`);
      const lighthouse = await auditRoutes(
        options.chromiumPath,
        [...options.lighthouseFlags, ...(integrations?.chromiumFlags ?? [])],
        server.url,
        routes,
      );
      return {
        variant,
        description: options.layout
          ? `${variantDescriptions[variant]}, in the ${options.layout} layout (theme.layout)`
          : variantDescriptions[variant],
        cold: { samplesMs: cold, medianMs: median(cold) },
        warm: { samplesMs: warm, medianMs: median(warm) },
        pages,
        phone,
        lighthouse,
      };
    } finally {
      await server.close();
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await rm(project, { recursive: true, force: true });
  }
}

/**
 * What an owner does to turn every integration on: `github`, `comments` and `analytics` in the
 * config. GitHub is a local fake of its API (fake-github.ts, as the tests use), giscus and
 * Plausible local stubs reached by their own names (third-party-stubs.ts). The routes are the
 * pages that carry them: the cards, a project's figures, a post with comments, and a plain page.
 */
async function addIntegrations(project: string, root: string) {
  await makePosts(path.resolve(root, "..", "shared", "scale", "make-posts.mjs"), project, 3);
  const post = (await readdir(path.join(project, "content", "blog"))).filter((file) => file.endsWith(".md")).sort()[0]!;
  const github = await startFakeGitHub({ user: "maya-okafor-sample", repositories: sampleRepositories });
  const stubs = await startThirdPartyStubs().catch(async (error: unknown) => {
    await github.stop();
    throw error;
  });
  const configFile = path.join(project, "portfolio.config.ts");
  const config = await readFile(configFile, "utf8");
  const configured = config.replace(
    /\n\}\);\s*$/,
    `\n  github: { user: "maya-okafor-sample", count: 3 },\n  comments: { giscus: { repo: "maya-okafor-sample/site", repoId: "R_kgDObench", category: "Comments", categoryId: "DIC_kwDObench" } },\n  analytics: { plausible: { domain: "maya.example" } },\n});\n`,
  );
  if (configured === config)
    throw new MeasurementError("Could not add the integrations to the config: the sample changed shape.");
  await writeFile(configFile, configured);
  return {
    routes: ["/works", "/works/receiptlens", `/blogs/${post.replace(/\.md$/, "")}`, "/about"],
    env: { GITHUB_API_URL: github.url },
    chromiumFlags: stubs.chromiumFlags,
    close: async () => {
      await stubs.close();
      await github.stop();
    },
  };
}

/** What an owner does with a phone picture: drop it into public/ and name it in the config and a project. */
async function addPhonePhoto(project: string): Promise<void> {
  await writeFile(path.join(project, "public", "images", "phone-photo.jpg"), await makePhonePhoto());
  const configFile = path.join(project, "portfolio.config.ts");
  const config = await readFile(configFile, "utf8");
  const withPhoto = config.replace(/photo: "[^"]+"/, 'photo: "images/phone-photo.jpg"');
  const projectFile = path.join(project, "content", "projects", "fleetwise.md");
  const fleetwise = await readFile(projectFile, "utf8");
  const withImage = fleetwise.replace(/^image: .*$/m, "image: images/phone-photo.jpg");
  if (withPhoto === config || withImage === fleetwise)
    throw new MeasurementError(
      "Could not put the photo into the config's owner.photo and FleetWise's image: the sample changed shape.",
    );
  await writeFile(configFile, withPhoto);
  await writeFile(projectFile, withImage);
}

/** What an owner does for a font of their own: install a Fontsource package beside the config and name it in the theme. */
export async function addThemeFont(project: string, root: string): Promise<void> {
  const fontPackage = ["@fontsource-variable", "inter"];
  await mkdir(path.join(project, "node_modules", fontPackage[0]!), { recursive: true });
  await symlink(
    path.join(root, "node_modules", ...fontPackage),
    path.join(project, "node_modules", ...fontPackage),
    "dir",
  );
  const configFile = path.join(project, "portfolio.config.ts");
  const config = await readFile(configFile, "utf8");
  const themed = config.replace(
    /\n\}\);\s*$/,
    `\n  theme: { accent: "#0f766e", fonts: { text: "${fontPackage.join("/")}" } },\n});\n`,
  );
  if (themed === config) throw new MeasurementError("Could not add a theme to the config: the sample changed shape.");
  await writeFile(configFile, themed);
}
