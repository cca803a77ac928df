import { randomBytes } from "node:crypto";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { buildSite, type BuildStage } from "../pipeline/build-site.js";
import { defaultConfigFile, type LoadConfigOptions } from "../config/load-config.js";
import { describeThrown, isPortfolioError, portfolioError } from "../errors.js";
import { linkOnPath, writeFileNoFollow } from "../project/no-follow.js";
import { startServer } from "../serve/start-server.js";
import { findChromium } from "../chromium/find-chromium.js";
import { launchChromium } from "../chromium/launch-chromium.js";
import { printPage } from "./print-page.js";
import { suggestedCv } from "./suggested-cv.js";
import { languageFolder } from "../routes/languages.js";

export interface MakeCvOptions extends LoadConfigOptions {
  /** Where to write the PDF. @default the config's `cv.file`, inside public/ beside the config */
  outFile?: string | undefined;
  /** Told as each stage of the build starts, then "print". */
  onStage?: (stage: BuildStage | "print") => void;
}

export interface CvResult {
  file: string;
  bytes: number;
  pages: number;
  /** The page printed, as the site serves it: `/resume`, or `/portfolio/resume` under a base path. */
  page: string;
  durationMs: number;
  /** Why Chromium printed without its sandbox, when it would not start with it; undefined otherwise. */
  withoutSandbox?: string | undefined;
  /**
   * When the config has no `cv`: the field to add so that the sidebar offers this PDF (its path
   * inside public/, the name it is saved under, and whether the PDF was printed there rather than
   * to an --out outside public/). Undefined when the config has one.
   */
  notConfigured?: { file: string; downloadAs: string; printedThere: boolean } | undefined;
  /**
   * A site in several languages with a CV of its own per language (`cv:
   * { en: {…}, pt: {…} }`): the others, printed from their Resume pages.
   */
  translations: PrintedCv[];
}

/** One CV printed: where, how large, and from which page. */
export interface PrintedCv {
  file: string;
  bytes: number;
  pages: number;
  page: string;
}

/** The site is built here, apart from the owner's dist/, and deleted once the CV is printed. */
const buildFolder = path.join(".portfolio", "cv-build");

/**
 * The CV from the content as it is now: builds the site into a private folder, serves it on
 * 127.0.0.1 on a free port, and prints its Resume page with Chromium. The PDF is written beside its
 * target and renamed over it, so a failure at any step leaves the previous CV as it was.
 */
export async function makeCv(options: MakeCvOptions = {}): Promise<CvResult> {
  const started = performance.now();
  const cwd = options.cwd ?? process.cwd();
  // Before the build, so a missing browser is said at once.
  const executable = findChromium(options.env ?? process.env);
  const root = path.dirname(path.resolve(cwd, options.file ?? defaultConfigFile));
  const outDir = path.join(root, buildFolder);
  try {
    // No gzip or Brotli copies: Chromium is served the plain files.
    const build = await buildSite({
      cwd,
      env: options.env,
      file: options.file,
      base: options.base,
      outDir,
      measure: false,
      cvPending: true,
      onStage: options.onStage,
    });
    // Without `cv` in the config the CV is printed all the same, where the config would name it.
    const suggested = build.config.cv ? undefined : suggestedCv(build.config.owner.name);
    const cvFile = build.config.cv?.file ?? suggested!.file;
    const file = path.resolve(cwd, options.outFile ?? path.join(root, "public", cvFile));
    options.onStage?.("print");
    // Each other language whose CV is a file of its own gets it printed from
    // its Resume page (`/pt/resume`); not with --out, which names one file.
    const translations = options.outFile
      ? []
      : build.languages
          .slice(1)
          .filter((config) => config.cv && config.cv.file !== cvFile)
          .map((config) => ({
            file: path.join(root, "public", config.cv!.file),
            page: `${languageFolder(config)}resume`,
          }))
          .filter((cv, index, all) => all.findIndex((other) => other.file === cv.file) === index);
    const server = await startServer({
      root: outDir,
      project: root,
      base: build.config.site.base,
      port: 0,
      host: "127.0.0.1",
    });
    try {
      const url = `${server.url}resume`;
      const { pdf, withoutSandbox } = await printWith(executable, url);
      await writeAtomically(root, file, pdf);
      const printed: PrintedCv[] = [];
      for (const translation of translations) {
        const translationUrl = `${server.url}${translation.page}`;
        const { pdf: translated } = await printWith(executable, translationUrl);
        await writeAtomically(root, translation.file, translated);
        printed.push({
          file: translation.file,
          bytes: translated.byteLength,
          pages: countPages(translated),
          page: new URL(translationUrl).pathname,
        });
      }
      return {
        file,
        bytes: pdf.byteLength,
        pages: countPages(pdf),
        page: new URL(url).pathname,
        durationMs: performance.now() - started,
        withoutSandbox,
        translations: printed,
        notConfigured: suggested && {
          ...suggested,
          file: publicPathOf(root, file) ?? suggested.file,
          printedThere: publicPathOf(root, file) !== undefined,
        },
      };
    } finally {
      await server.close();
    }
  } finally {
    // Deleted only when no link leads to it: the build refuses such a folder, and its target is not ours to delete.
    if (!(await linkOnPath(root, outDir))) await rm(outDir, { recursive: true, force: true });
  }
}

async function printWith(
  executable: string,
  url: string,
): Promise<{ pdf: Buffer; withoutSandbox: string | undefined }> {
  const chromium = await launchChromium(executable);
  try {
    const pdf = await printPage(chromium, url);
    if (!pdf.subarray(0, 5).equals(Buffer.from("%PDF-")))
      throw portfolioError("ChromiumFailed", [`${executable} answered something that is not a PDF`]);
    return { pdf, withoutSandbox: chromium.withoutSandbox };
  } finally {
    await chromium.close();
  }
}

/** `file`'s path inside public/ with forward slashes, or undefined when it is not inside public/. */
function publicPathOf(root: string, file: string): string | undefined {
  const relative = path.relative(path.join(root, "public"), file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? undefined : relative.split(path.sep).join("/");
}

/**
 * Written beside the target and renamed over it: the old file is replaced whole or not at all. The
 * folders on the way (public/ and below) are made and checked by no-follow.ts: the CV is never
 * written through a symbolic link.
 */
async function writeAtomically(root: string, file: string, contents: Uint8Array): Promise<void> {
  const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await writeFileNoFollow(root, temporary, contents, { exclusive: true });
    await rename(temporary, file);
  } catch (cause) {
    await rm(temporary, { force: true });
    if (isPortfolioError(cause)) throw cause;
    throw portfolioError("CvNotWritable", [file, describeThrown(cause)], { cause });
  }
}

/** Pages of a PDF as Chromium (Skia) writes it: one `/Type /Page` object each, uncompressed. */
function countPages(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
}
