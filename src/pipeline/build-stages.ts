import type { SiteContent } from "../content/site-content.js";
import type { RenderedPage } from "../render/render-page.js";
import { renderPages } from "../render/render-pages.js";
import { keptFrom } from "../kept-results.js";
import { hashOf } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { PreparedImages } from "../images/prepare-images.js";
import type { OutputFile } from "../output-file.js";
import type { BuildResult } from "./build-options.js";
import type { BuildSetup } from "./build-setup.js";
import { checkPublicFiles } from "./check-public.js";
import { recordBuild } from "./unchanged-build.js";
import { loadSiteContent } from "./stages/load-site-content.js";
import { planPages } from "./stages/plan-pages.js";
import { indexForSearch } from "./stages/index-for-search.js";
import { makeImages } from "./stages/make-images.js";
import { makeSiteFiles } from "./stages/make-site-files.js";
import { bundleSite } from "./stages/bundle-site.js";
import { renderDocuments, withFolderPages } from "./stages/render-documents.js";
import { checkSite } from "./stages/check-site.js";
import { beginOutput, compressAndWrite, discardOutput, writeMore } from "./stages/compress-and-write.js";
import type { Documents, PagePlan, SiteAssets, SiteFiles } from "./stages/stage-types.js";

/**
 * Every stage after the config: load and validate the content, plan the pages, make the images and
 * the site's own files, render every route, bundle the stylesheet and the islands the pages use,
 * check every link, then compress and write the site. Only the last stage touches the output folder.
 */
export async function runStages(
  setup: BuildSetup,
  inputs: { cache: CacheStore; digest: string } | undefined,
  started: number,
): Promise<BuildResult> {
  const { options } = setup;
  const stage = options.onStage ?? (() => {});
  await checkPublicFiles(setup.publicFiles, setup.memo);
  stage("content");
  const contents = await loadSiteContent(setup);
  const plan = await planPages(setup, contents);
  // Pagefind indexes in a process of its own, from the content alone: it works on the other core
  // while this one makes the images and renders the pages.
  const searchFiles = indexForSearch(setup, plan);
  // Its failure is reported where it is awaited, not as an unhandled rejection before that.
  searchFiles.catch(() => {});
  try {
    return await finishBuild(setup, inputs, started, contents, plan, searchFiles);
  } catch (error) {
    // Nothing of a failed build runs on after it: Pagefind's index would be saved into the cache
    // later, under an owner who is already deleting or editing the project.
    await searchFiles.catch(() => {});
    throw error;
  }
}

/** The stages after the pages are planned: images, site files, pages, bundles, the check, and the write. */
async function finishBuild(
  setup: BuildSetup,
  inputs: { cache: CacheStore; digest: string } | undefined,
  started: number,
  contents: SiteContent[],
  plan: PagePlan,
  searchFiles: Promise<OutputFile[]>,
): Promise<BuildResult> {
  const { options } = setup;
  const stage = options.onStage ?? (() => {});
  stage("images");
  // The new output is begun first: each post card goes into it as it arrives from the card thread, the pages once
  // rendered, Pagefind's index when it is made. It shows only once the rest is written and every link checked.
  const early = await beginOutput(setup);
  // Stops the card thread when the build fails: it would otherwise draw every card left before the process ends.
  const stopCards = new AbortController();
  try {
    let cardsWritten = Promise.resolve();
    const onCard = (card: OutputFile) => {
      cardsWritten = cardsWritten.then(() => writeMore(setup, early, [card]));
      // Its failure is thrown where it is awaited, below.
      cardsWritten.catch(() => {});
    };
    const imagesByLanguage = await makeImages(setup, plan, early && onCard, stopCards.signal);
    const images = imagesByLanguage[0]!;
    const siteFiles = makeSiteFiles(setup, plan, imagesByLanguage);
    const { assets, rendered, pageCount } = await renderSite(setup, contents, plan, imagesByLanguage, siteFiles);
    stage("write");
    await writeMore(setup, early, rendered.files);
    stage("search");
    // Pagefind's index and the post cards are written as each arrives; both are waited for, whatever either does,
    // so that nothing writes into the new output after a failure has deleted it.
    const arrived = await Promise.allSettled([
      searchFiles.then(async (files) => {
        await writeMore(setup, early, files);
        return files;
      }),
      (images.drawing ?? Promise.resolve([])).then(async (files) => {
        // Every card the thread gave back was handed to `onCard` before the drawing ended.
        await cardsWritten;
        await writeMore(setup, early, files);
        return files;
      }),
    ]);
    const [searched, drawn] = arrived.map((each) => {
      if (each.status === "rejected") throw each.reason;
      return each.value;
    });
    const documents = withFolderPages(setup, { ...rendered, files: [...rendered.files, ...searched!, ...drawn!] });
    stage("check");
    const checked = await checkSite(setup, documents, assets);
    const summary = {
      outDir: setup.outDir,
      config: setup.config,
      languages: setup.languages,
      pageCount,
      fileCount: documents.files.length,
      ...checked.digest,
    };
    if (!setup.write)
      return {
        ...summary,
        routes: [],
        durationMs: performance.now() - started,
        warnings: setup.warnings,
        unchanged: false,
      };
    const routes = await compressAndWrite(setup, documents, assets, images, siteFiles, checked.texts, stage, early);
    const { outDir, config, languages, ...told } = {
      ...summary,
      routes,
      warnings: setup.warnings.slice(setup.setupWarnings),
    };
    // A build that showed diagrams as their source, for want of a browser, is made again by the next one, which may
    // have one; so is one that changed drawings/, an input of the build, after its inputs were read.
    const { diagramsAsSource, drawingsChanged } = contents[0]!;
    if (inputs && !diagramsAsSource && !drawingsChanged) await recordBuild(inputs.cache, inputs.digest, outDir, told);
    return {
      ...summary,
      routes,
      durationMs: performance.now() - started,
      warnings: [...setup.warnings, ...(setup.cache?.warnings ?? [])],
      unchanged: false,
    };
  } catch (error) {
    stopCards.abort(error);
    await discardOutput(early);
    throw error;
  }
}

/**
 * Stages "render" and "bundle": every page, the stylesheet and islands they use, then each page in
 * the template. A function of its own so that the pages' markup, in the documents once they are made,
 * is not held by the stages after it.
 */
async function renderSite(
  setup: BuildSetup,
  contents: SiteContent[],
  plan: PagePlan,
  imagesByLanguage: PreparedImages[],
  siteFiles: SiteFiles,
): Promise<{ assets: SiteAssets; rendered: Documents; pageCount: number }> {
  const { options } = setup;
  const stage = options.onStage ?? (() => {});
  const images = imagesByLanguage[0]!;
  stage("render");
  if (setup.memo) setup.memo.entryDigests ??= new WeakMap();
  const renderMemo = setup.memo && {
    pages: keptFrom(setup.memo.pages),
    keys: new Map<RenderedPage, string>(),
    imagesKey: hashOf(...images.files.map((file) => file.file)),
    texts: keptFrom(setup.memo.textDigests),
    entries: setup.memo.entryDigests!,
  };
  const pagesByLanguage = plan.languages.map(({ config, content, routes, menu }, index) =>
    renderPages(
      routes,
      {
        config,
        content,
        images: imagesByLanguage[index]!,
        menu,
        github: setup.github,
        overrides: { components: setup.overrides.components, digest: setup.overrides.digest },
      },
      renderMemo,
    ),
  );
  if (setup.memo && renderMemo) {
    setup.memo.pages = renderMemo.pages.next;
    setup.memo.textDigests = renderMemo.texts.next;
  }
  const pages = pagesByLanguage.flat();
  stage("bundle");
  const assets = await bundleSite(setup, contents, pages);
  stage("render");
  const rendered = await renderDocuments(
    setup,
    plan,
    imagesByLanguage,
    siteFiles,
    pagesByLanguage,
    assets,
    renderMemo && { keys: renderMemo.keys, imagesKey: renderMemo.imagesKey },
  );
  return { assets, rendered, pageCount: pages.length };
}
