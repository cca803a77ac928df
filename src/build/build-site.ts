import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { loadConfig, type LoadConfigOptions } from "../config/load-config.js";
import type { SiteContent } from "../content/content-types.js";
import { loadContent } from "../content/load-content.js";
import { ProblemList, describeProblems, describeThrown, portfolioError } from "../errors.js";
import { makeRoutes, menuOf } from "../routes/make-routes.js";
import { renderDocument } from "../render/render-document.js";
import { readOwnStyles, readTemplate } from "../render/page-template.js";
import { renderPages } from "../render/render-pages.js";
import { feedLinkTags, renderFeeds } from "../render/render-feeds.js";
import { renderResumeJson } from "../render/render-resume-json.js";
import { renderSiteFiles, siteIcons } from "../render/render-site-files.js";
import { hashOf } from "./build-cache.js";
import { bundleAssetsCached } from "./bundle-assets.js";
import { checkContentLinks } from "./check-content-links.js";
import { checkLinks } from "./check-links.js";
import { reportRoutes, type RouteReport } from "./measure-sizes.js";
import { precompress } from "./precompress.js";
import { prepareImages, type ImageRequest } from "./prepare-images.js";
import { publicAssetProblem, readPublicFolder, type PublicFiles } from "./read-public.js";
import { checkOutDir, stageOutput, type OutputFile } from "./write-site.js";
import { recordOutput, updateOutput } from "./update-output.js";
import { inParallel } from "../in-parallel.js";

export interface BuildOptions extends LoadConfigOptions {
  /** Output folder. @default "dist" beside the config */
  outDir?: string;
  /** Include posts marked `draft: true`, shown as drafts and kept out of search engines. @default false */
  drafts?: boolean;
  /**
   * False for `portfolio check`: every stage runs and every check is made, but nothing is written,
   * neither the output nor the build cache. @default true
   */
  write?: boolean;
  /** Gzip and Brotli copies of the text files, for hosts that serve them; `portfolio dev` needs none. @default true */
  precompress?: boolean;
  /**
   * For `portfolio dev`: bring the output up to date in place, writing only what changed, instead of
   * writing a new folder and swapping it in. @default false
   */
  update?: boolean;
  /** Told as each stage of the build starts, for progress on a terminal and for the benchmark's breakdown. */
  onStage?: (stage: BuildStage) => void;
}

export type BuildStage = "config" | "content" | "images" | "render" | "bundle" | "check" | "compress" | "write";

export interface BuildResult {
  outDir: string;
  config: ResolvedConfig;
  /** Sizes per route, for the summary table; empty when nothing was compressed (`portfolio dev`, `check`). */
  routes: RouteReport[];
  /** Pages rendered (a route's two files are one page). */
  pageCount: number;
  /** The stylesheet's path in the output (content-hashed). */
  stylesheet: string;
  /**
   * A digest of every page with the stylesheet's name left out: when it is unchanged and only the
   * stylesheet changed, `portfolio dev` swaps the stylesheet instead of reloading the page.
   */
  pagesDigest: string;
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
  const stage = options.onStage ?? (() => {});
  stage("config");
  const { config, root, label: configLabel } = await loadConfig(options);
  const outDir = path.resolve(options.cwd ?? process.cwd(), options.outDir ?? path.join(root, "dist"));
  const write = options.write ?? true;
  if (write) await checkOutDir(root, outDir);
  const publicFiles = await readPublicFolder(root);
  await checkCvFile(publicFiles, configLabel, config);
  const warnings = config.emailjs
    ? []
    : ["No EmailJS settings (emailjs in the config, or EMAILJS_PUBLIC_KEY, EMAILJS_SERVICE_ID and EMAILJS_TEMPLATE_ID): the Contact page shows your e-mail address instead of the form."];

  stage("content");
  const cacheDir = write ? path.join(root, ".portfolio", "cache") : undefined;
  const content = await loadContent({ root, config, drafts: options.drafts, cacheDir });
  warnings.push(...content.warnings);
  if (!config.site.url && content.blogPosts.length > 0) warnings.push("No site.url in the config: no RSS, Atom or JSON feed is written, since a feed needs absolute addresses.");
  const imageRequests = await checkContentImages(publicFiles, configLabel, config, content);
  const routes = makeRoutes(config, content);
  const feeds = renderFeeds(config, content.blogPosts).filter((feed) => !publicFiles.files.has(feed.file));
  // A file of public/ with the same name wins, as for the feeds: it is the owner's choice.
  const resumeJson = [renderResumeJson(config, content)].filter((file) => !publicFiles.files.has(file.file));
  const siteFiles = [...renderSiteFiles(config, routes, new Set(publicFiles.files.keys()), new Date().toISOString().slice(0, 10)), ...feeds, ...resumeJson];
  const alternates = feedLinkTags(config, feeds);
  checkContentLinks(content.links, config.site.base, new Set([
    ...publicFiles.files.keys(), ...siteFiles.map((file) => file.file), ...routes.flatMap((route) => route.files),
  ]));
  const template = await readTemplate(root);
  const ownStyles = await readOwnStyles(root);
  stage("images");
  const images = await prepareImages({ requests: imageRequests, realPath: (asset) => publicFiles.files.get(asset)!, base: config.site.base, cacheDir });
  const menu = menuOf(routes);
  stage("render");
  const pages = renderPages(routes, { config, content, images: images.images, menu });
  const islands = [...new Set(pages.flatMap((page) => page.islands))];
  stage("bundle");
  const assets = await bundleAssetsCached({ islands, generatedCss: skillBarCss(content), ownCss: ownStyles }, cacheDir).catch((cause: unknown) => {
    throw portfolioError("BundleFailed", [describeThrown(cause)], { cause });
  });
  const icons = siteIcons(new Set([...publicFiles.files.keys(), ...siteFiles.map((file) => file.file)]));

  stage("render");
  const documents = pages.map((page) => ({ page, html: renderDocument({ page, config, assets, icons, template, menu, alternates }) }));
  const files: OutputFile[] = [
    ...assets.files,
    ...images.files,
    ...siteFiles,
    ...documents.flatMap(({ page, html }) => page.route.files.map((file) => ({ file, contents: html }))),
  ];
  stage("check");
  checkLinks({
    files: new Set([...publicFiles.files.keys(), ...files.map(({ file }) => file)]),
    texts: [
      ...documents.map(({ page, html }) => ({ files: page.route.files, text: html })),
      ...assets.files.map(({ file, contents }) => ({ files: [file], text: Buffer.from(contents).toString("utf8") })),
      ...(await readPublicTexts(publicFiles)),
    ],
  }, config.site.base);
  const stylesheetName = path.posix.basename(assets.stylesheet);
  const digest = { stylesheet: assets.stylesheet, pagesDigest: hashOf(...documents.map(({ html }) => html.split(stylesheetName).join("{stylesheet}"))) };
  if (!write) {
    return { outDir, config, routes: [], pageCount: pages.length, fileCount: files.length, ...digest, durationMs: performance.now() - started, warnings };
  }
  stage("compress");
  const compressed = options.precompress === false ? [] : await precompress(files, cacheDir);
  stage("write");
  const written = [...files, ...compressed.flatMap(({ file, gzip, brotli }) => [{ file: `${file}.gz`, contents: gzip }, { file: `${file}.br`, contents: brotli }])];
  // A generated file wins over a file of public/ with the same name.
  const generated = new Set(written.map(({ file }) => file));
  const copies = [...publicFiles.files].filter(([file]) => !generated.has(file)).map(([file, from]) => ({ file, from }));
  if (!options.update || !(await updateOutput(outDir, [...copies, ...written]))) {
    // Nothing shows at the output's path before commit. (Writing while compressing was measured
    // slower: both use the same few threads of libuv's pool.)
    const output = await stageOutput(outDir);
    try {
      await inParallel(copies, 16, ({ file, from }) => output.copy(file, from));
      await inParallel(written, 16, ({ file, contents }) => output.write(file, contents));
    } catch (error) {
      await output.discard();
      throw error;
    }
    await output.commit();
    if (options.update) await recordOutput(outDir, [...copies, ...written]);
  }
  const gzipSizes = new Map(compressed.map(({ file, gzip }) => [file, gzip.byteLength]));
  // The size table is measured from the gzip copies; without them (`portfolio dev`) there is no table to print.
  const reports = options.precompress === false ? [] : reportRoutes(documents, assets, config.site.base, gzipSizes);
  return {
    outDir,
    config,
    routes: reports,
    pageCount: pages.length,
    ...digest,
    fileCount: files.length,
    durationMs: performance.now() - started,
    warnings,
  };
}

/** Pages and stylesheets of public/ refer to the site too: their references are checked with the generated ones. */
async function readPublicTexts(publicFiles: PublicFiles): Promise<Array<{ files: string[]; text: string }>> {
  const texts = [...publicFiles.files].filter(([file]) => /\.(html|css)$/.test(file));
  return Promise.all(texts.map(async ([file, real]) => ({ files: [file], text: await readFile(real, "utf8") })));
}

/** The CV the sidebar offers must be a file of public/ (the images are checked with the content's). */
async function checkCvFile(publicFiles: PublicFiles, configLabel: string, config: ResolvedConfig): Promise<void> {
  const problem = await publicAssetProblem(publicFiles, config.cv.file);
  if (problem) throw portfolioError("AssetMissing", [describeProblems(configLabel, [{ field: "cv.file", problem }])]);
}

/** Every image a page shows, each with the file and field that names it; each must be a file of public/. */
async function checkContentImages(publicFiles: PublicFiles, configLabel: string, config: ResolvedConfig, content: SiteContent): Promise<ImageRequest[]> {
  const requests: ImageRequest[] = [
    { path: config.owner.photo, file: configLabel, field: "owner.photo" },
    ...(config.site.image ? [{ path: config.site.image, file: configLabel, field: "site.image", checkOnly: true }] : []),
    ...[...content.projects, ...content.blogPosts].flatMap((entry) => (entry.image ? [{ path: entry.image, file: entry.file, field: "image" }] : [])),
  ];
  const problems = new ProblemList();
  for (const request of requests) {
    const problem = await publicAssetProblem(publicFiles, request.path);
    if (problem) problems.add(request.file, { field: request.field, problem });
  }
  problems.throwIfAny("AssetMissing");
  return requests;
}

/** Skill bars get their widths from classes, not inline styles, so the CSP can forbid inline styles. */
function skillBarCss(content: SiteContent): string {
  const percents = [...new Set(content.skills.map((skill) => skill.percent))].sort((a, b) => a - b);
  return percents.map((percent) => `.skill-progress-fill[data-percent="${percent}"]{width:${percent}%}`).join("\n");
}
