import { withBase } from "../../site-paths.js";
import type { BuildStage } from "../build-options.js";
import type { BuildSetup } from "../build-setup.js";
import { reportRoutes, type RouteReport } from "../measure-sizes.js";
import { precompress } from "../precompress.js";
import { recordOutput, updateOutput } from "../update-output.js";
import { stageOutput, type StagedOutput } from "../write-site.js";
import type { OutputFile } from "../../output-file.js";
import { addedHostFiles, publishedLayout } from "../../render/published-layout.js";
import type { Documents, SiteAssets, SiteFiles } from "./stage-types.js";

/** The new output, staged beside the old one before the build's last files were made, with what is in it. */
export interface EarlyOutput {
  output: StagedOutput;
  /** Each file written, by its path in the output, with the contents written. */
  written: Map<string, string | Uint8Array>;
  /** Set once the output is committed or discarded: nothing more is written into it. */
  closed: boolean;
}

/**
 * For a build that writes a new output: its folder begun before the images are made, so that each file goes into it
 * as soon as it is made (`writeMore`): the post cards as they arrive from their thread, the pages once rendered,
 * Pagefind's index. Nothing shows at the output's path until `compressAndWrite` has the rest, the links are checked,
 * and it commits. Undefined when the build writes otherwise (`dev`'s update in place, compressed copies, `portfolio
 * check`).
 */
export async function beginOutput(setup: BuildSetup): Promise<EarlyOutput | undefined> {
  const { options, outDir, root } = setup;
  if (!setup.write || options.update || options.precompress) return undefined;
  return { output: await stageOutput(root, outDir), written: new Map(), closed: false };
}

/** More files written into the early output, if there is one and it is still open. */
export async function writeMore(setup: BuildSetup, early: EarlyOutput | undefined, files: OutputFile[]): Promise<void> {
  if (!early) return;
  for (const { file, contents } of publishedLayout(setup.options.host, setup.config.site.base, files)) {
    if (early.closed) return;
    if (early.written.get(file) === contents) continue;
    await early.output.write(file, contents);
    early.written.set(file, contents);
  }
}

/** Deletes the early output of a build that failed; whatever arrives later is not written. */
export async function discardOutput(early: EarlyOutput | undefined): Promise<void> {
  if (!early || early.closed) return;
  early.closed = true;
  await early.output.discard();
}

/**
 * Stages "compress" and "write": gzip and Brotli copies, then the site written beside the old one and swapped in (or,
 * for `dev`, updated in place). `early`: the output `beginOutput` began, whose files already written are not written
 * again; discarded by this function if writing fails.
 */
export async function compressAndWrite(
  setup: BuildSetup,
  { documents, files }: Documents,
  assets: SiteAssets,
  images: { replacedOriginals: string[] },
  siteFiles: SiteFiles,
  texts: Array<{ text: string }>,
  stage: (stage: BuildStage) => void,
  early?: EarlyOutput,
): Promise<RouteReport[]> {
  const { options, config, publicFiles, outDir, cache, root } = setup;
  stage("compress");
  const compressed = options.precompress ? await precompress(files, cache) : [];
  stage("write");
  const written = [
    ...files,
    ...compressed.flatMap(({ file, gzip, brotli }) => [
      { file: `${file}.gz`, contents: gzip },
      { file: `${file}.br`, contents: brotli },
    ]),
  ];
  // A generated file wins over a file of public/ with the same name.
  const generated = new Set(written.map(({ file }) => file));
  const unlinked = unlinkedOriginals(
    images.replacedOriginals,
    config.site.base,
    [...texts.map(({ text }) => text), ...siteFiles.files.map(({ contents }) => contents)],
    new Set(documents.flatMap(({ originals }) => originals)),
  );
  const siteCopies = [...publicFiles.files]
    .filter(([file]) => !generated.has(file) && !unlinked.has(file))
    .map(([file, from]) => ({ file, from }));
  // Netlify, Cloudflare Pages and Vercel serve the output at the domain's root: the site goes into its base's folder.
  const host = options.update ? undefined : options.host;
  const copies = publishedLayout(host, config.site.base, siteCopies);
  const laid = [
    ...publishedLayout(host, config.site.base, written),
    ...addedHostFiles(host, config.site.base, new Set(siteCopies.map(({ file }) => file))),
  ];
  if (!options.update || !(await updateOutput(root, outDir, [...copies, ...laid]))) {
    // Nothing shows at the output's path before commit.
    const output = early?.output ?? (await stageOutput(root, outDir));
    try {
      for (const { file, from } of copies) await output.copy(file, from);
      for (const { file, contents } of laid)
        if (early?.written.get(file) !== contents) await output.write(file, contents);
    } catch (error) {
      if (early) await discardOutput(early);
      else await output.discard();
      throw error;
    }
    if (early) early.closed = true;
    await output.commit({ base: config.site.base });
    if (options.update) await recordOutput(root, outDir, [...copies, ...laid]);
  }
  if (options.measure === false) return [];
  const gzipSizes = new Map(compressed.map(({ file, gzip }) => [file, gzip.byteLength]));
  return reportRoutes(documents, assets, config.site.base, gzipSizes);
}

/**
 * Originals the pages only show resized are not published (a phone photo is megabytes), unless a
 * page or feed links to one by its address, as a post may to offer the full-size picture.
 */
/** The replaced originals no page (`named`), stylesheet, script, file of public/ or site file names. */
function unlinkedOriginals(replaced: string[], base: string, texts: string[], named: ReadonlySet<string>): Set<string> {
  return new Set(
    replaced.filter((asset) => !named.has(asset) && !texts.some((text) => text.includes(withBase(base, asset)))),
  );
}
