import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { loadConfig, type LoadConfigOptions } from "../config/load-config.js";
import type { SiteContent } from "../content/content-types.js";
import { loadContent } from "../content/load-content.js";
import { PortfolioError, describeProblems, type FieldProblem } from "../errors.js";
import { packageRoot } from "../package-root.js";
import { makeRoutes } from "../routes/make-routes.js";
import { renderDocument } from "../render/render-document.js";
import { renderPage } from "../render/render-page.js";
import { renderSiteFiles, siteIcons } from "../render/render-site-files.js";
import { checkLinks } from "./check-links.js";
import { listFiles } from "./list-files.js";
import { reportRoutes, type RouteReport } from "./measure-sizes.js";
import { precompress } from "./precompress.js";
import { prepareImages } from "./prepare-images.js";
import { bundleAssets } from "./bundle-assets.js";
import { checkOutDir, writeSite, type OutputFile } from "./write-site.js";

export interface BuildOptions extends LoadConfigOptions {
  /** Output folder. @default "dist" beside the config */
  outDir?: string;
}

export interface BuildResult {
  outDir: string;
  config: ResolvedConfig;
  routes: RouteReport[];
  fileCount: number;
  durationMs: number;
  warnings: string[];
}

/**
 * The whole pipeline: load and validate the config and content, render every route, bundle the
 * stylesheet and the islands the pages use, then write the site. Only the last step touches the
 * output folder.
 */
export async function buildSite(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const { config, root, file: configFile } = await loadConfig(options);
  const outDir = path.resolve(options.cwd ?? process.cwd(), options.outDir ?? path.join(root, "dist"));
  checkOutDir(root, outDir);
  checkConfigAssets(root, configFile, config);
  const warnings = config.emailjs
    ? []
    : ["No EmailJS settings (emailjs in the config, or EMAILJS_PUBLIC_KEY, EMAILJS_SERVICE_ID and EMAILJS_TEMPLATE_ID): the Contact page shows your e-mail address instead of the form."];

  const content = await loadContent({ root, config });
  const routes = makeRoutes(config, content);
  const images = await prepareImages({
    publicDir: path.join(root, "public"),
    base: config.site.base,
    paths: [config.owner.photo, ...[...content.projects, ...content.blogPosts].flatMap((entry) => (entry.image ? [entry.image] : []))],
  });
  const pages = routes.map((route) => renderPage(route, { config, content, images: images.images }));
  const islands = [...new Set(pages.flatMap((page) => page.islands))];
  const assets = await bundleAssets({ islands, generatedCss: skillBarCss(content) });
  const template = await readTemplate(root);
  const publicFiles = new Set(await listFiles(path.join(root, "public")));
  const siteFiles = renderSiteFiles(config, routes, publicFiles, new Date().toISOString().slice(0, 10));
  const icons = siteIcons(new Set([...publicFiles, ...siteFiles.map((file) => file.file)]));

  const documents = pages.map((page) => ({ page, html: renderDocument({ page, config, assets, icons, template }) }));
  const files: OutputFile[] = [
    ...assets.files,
    ...images.files,
    ...siteFiles,
    ...documents.flatMap(({ page, html }) => page.route.files.map((file) => ({ file, contents: html }))),
  ];
  const reports = reportRoutes(documents, assets, config.site.base);

  await writeSite({
    outDir,
    publicDir: path.join(root, "public"),
    files: [...files, ...(await precompress(files, path.join(root, ".portfolio", "cache")))],
    verify: (folder) => checkLinks(folder, config.site.base),
  });
  return {
    outDir,
    config,
    routes: reports,
    fileCount: files.length,
    durationMs: performance.now() - started,
    warnings,
  };
}

/** The owner's templates/ wins over the generator's own, so a fork can change the HTML shell. */
async function readTemplate(root: string): Promise<string> {
  const own = path.join(root, "templates", "page.html");
  return readFile(existsSync(own) ? own : path.join(packageRoot(), "templates", "page.html"), "utf8");
}

function checkConfigAssets(root: string, configFile: string, config: ResolvedConfig): void {
  const problems: FieldProblem[] = [];
  const assets = [["owner.photo", config.owner.photo], ["cv.file", config.cv.file], ["site.image", config.site.image]] as const;
  for (const [field, asset] of assets) {
    if (asset && !existsSync(path.join(root, "public", asset))) {
      problems.push({ field, problem: `public/${asset} does not exist: expected a file inside public/` });
    }
  }
  if (problems.length) {
    throw new PortfolioError("AssetMissing", describeProblems(path.basename(configFile), problems), {
      hint: "Put the file into public/ or correct the path.",
    });
  }
}

/** Skill bars get their widths from classes, not inline styles, so the CSP can forbid inline styles. */
function skillBarCss(content: SiteContent): string {
  const percents = [...new Set(content.skills.map((skill) => skill.percent))].sort((a, b) => a - b);
  return percents.map((percent) => `.skill-progress-fill[data-percent="${percent}"]{width:${percent}%}`).join("\n");
}
