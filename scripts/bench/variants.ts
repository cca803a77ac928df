import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Browser } from "playwright-core";
import { startServer } from "../../src/serve/start-server.js";
import { auditRoutes } from "./lighthouse-audit.js";
import { makePhonePhoto } from "./make-photo.js";
import { viewOnPhone, type PhoneView } from "./phone-view.js";
import { weighPages } from "./page-weight.js";
import { copySite, timedNode } from "./scale.js";
import { median } from "./stats.js";
import { MeasurementError, type LighthouseRun, type PageWeight } from "./types.js";

export type VariantName = "sample" | "photo" | "font" | "portuguese" | "arabic" | "bilingual";

export const variantNames: VariantName[] = ["sample", "photo", "font", "portuguese", "arabic", "bilingual"];

export const variantDescriptions: Record<VariantName, string> = {
  sample: "the sample site (SVG images)",
  photo: "the sample with a 4000×3000 JPEG phone photo (8.9 MB) as owner.photo and as FleetWise's image",
  font: "the sample with a theme: a teal accent and Inter (@fontsource-variable/inter, self-hosted) as the text font",
  portuguese: "a site in Portuguese (tests/fixtures/sites/pt): site.lang pt, content in Portuguese",
  arabic: "a site in Arabic, right to left (tests/fixtures/sites/ar)",
  bilingual: "a site in English and Portuguese (tests/fixtures/sites/bilingual): its Portuguese pages, under /pt/",
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
async function fixtureRoutes(project: string, folder: string): Promise<string[]> {
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
}

/**
 * One variant of the sample in a folder of its own, built by the real CLI in its own process (cold
 * `runs` times, then warm `runs` times), served, weighed on a desktop and a phone, and audited by
 * Lighthouse on every route.
 */
export async function benchVariant(variant: VariantName, options: VariantOptions): Promise<VariantReport> {
  const project = await mkdtemp(path.join(tmpdir(), `portfolio-bench-${variant}-`));
  try {
    const fixture = fixtureSites[variant];
    await copySite(
      fixture ? path.join(options.root, "tests", "fixtures", "sites", fixture.site) : options.root,
      project,
    );
    const routes = fixture ? await fixtureRoutes(project, fixture.folder) : options.routes;
    if (variant === "photo") await addPhonePhoto(project);
    if (variant === "font") await addThemeFont(project, options.root);
    const cli = path.join(options.root, "bin", "portfolio.js");
    const build = async () => (await timedNode([cli, "build"], project)).ms;
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
      const pages = await weighPages(options.browser, server.url, routes);
      const phone = await viewOnPhone(options.browser, server.url, routes);
      options.progress(`${variant}: Lighthouse, mobile and desktop`);
      const lighthouse = await auditRoutes(options.chromiumPath, options.lighthouseFlags, server.url, routes);
      return {
        variant,
        description: variantDescriptions[variant],
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
    await rm(project, { recursive: true, force: true });
  }
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
async function addThemeFont(project: string, root: string): Promise<void> {
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
