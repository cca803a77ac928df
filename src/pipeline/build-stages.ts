import { aboutSectionProblems, menuProblems } from "../routes/menu.js";
import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent } from "../content/site-content.js";
import { renderLlmsFiles } from "../render/llms-txt.js";
import { loadContentInLanguages } from "../content/load-content.js";
import { untranslatedContentWarning } from "../content/translations.js";
import { languagePrefix } from "../i18n/config-languages.js";
import { languageFolder, linkLanguages } from "../routes/languages.js";
import { ProblemList, describeProblems, describeThrown, portfolioError } from "../errors.js";
import type { MenuItem } from "../components/Navbar.js";
import { makeRoutes, menuOf, type Route } from "../routes/make-routes.js";
import { folderPageCopies } from "../routes/folder-pages.js";
import { checkPageAddresses } from "../routes/page-addresses.js";
import { renderDocument } from "../render/render-document.js";
import { readOwnStyles, readTemplate } from "../render/page-template.js";
import { renderPages } from "../render/render-pages.js";
import type { RenderedPage } from "../render/render-page.js";
import { feedLinkTags, renderFeeds } from "../render/render-feeds.js";
import { renderResumeJson } from "../render/render-resume-json.js";
import { renderSiteFiles, siteIcons, type SiteFile } from "../render/render-site-files.js";
import { keep, keptFrom, lastKept } from "../kept-results.js";
import { withBase } from "../site-paths.js";
import { hashOf } from "../cache/build-cache.js";
import type { CacheStore } from "../cache/cache-store.js";
import { mathAssets, showsMath } from "./math-assets.js";
import { bundleAssetsCached } from "./bundle-assets.js";
import { readStylesheet } from "./engine-stylesheet.js";
import { checkContentLinks } from "./check-content-links.js";
import { checkGeneratedXml } from "./check-generated-xml.js";
import { checkLinks, pageReferences } from "./check-links.js";
import { reportRoutes, type RouteReport } from "./measure-sizes.js";
import { buildSearchIndex, searchDocuments } from "./search-index.js";
import { precompress } from "./precompress.js";
import { prepareImages, type ImageRequest, type PreparedImages } from "../images/prepare-images.js";
import { checkPublicFiles } from "./check-public.js";
import { publicAssetProblem, type PublicFiles } from "../project/public-folder.js";
import { stageOutput } from "./write-site.js";
import type { OutputFile } from "../output-file.js";
import { recordOutput, updateOutput } from "./update-output.js";
import { packageRoot } from "../package-root.js";
import { toHex } from "../colour.js";
import { faviconFiles, generatedFavicon } from "../theme/favicon.js";
import { mainFace } from "../theme/font-faces.js";
import { makePostCards, makeShareCards } from "../theme/share-card.js";
import { prepareTheme } from "../theme/prepare-theme.js";
import { layoutOf } from "../layouts/layouts.js";

import type { BuildMemo, BuildResult, BuildStage, KeptDocument } from "./build-options.js";
import type { BuildSetup } from "./build-setup.js";
import { recordBuild } from "./unchanged-build.js";

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
  const imagesByLanguage = await makeImages(setup, plan);
  const images = imagesByLanguage[0]!;
  const siteFiles = makeSiteFiles(setup, plan, imagesByLanguage);
  const { assets, rendered, pageCount } = await renderSite(setup, contents, plan, imagesByLanguage, siteFiles);
  stage("search");
  const documents = withFolderPages(setup, { ...rendered, files: [...rendered.files, ...(await searchFiles)] });
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
  const routes = await compressAndWrite(setup, documents, assets, images, siteFiles, checked.texts, stage);
  const { outDir, config, languages, ...told } = {
    ...summary,
    routes,
    warnings: setup.warnings.slice(setup.setupWarnings),
  };
  // A build that showed diagrams as their source, for want of a browser, is made again by the next one, which may
  // have one.
  if (inputs && !contents[0]!.diagramsAsSource) await recordBuild(inputs.cache, inputs.digest, outDir, told);
  return {
    ...summary,
    routes,
    durationMs: performance.now() - started,
    warnings: [...setup.warnings, ...(setup.cache?.warnings ?? [])],
    unchanged: false,
  };
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
  const renderMemo = setup.memo && {
    pages: keptFrom(setup.memo.pages),
    keys: new Map<RenderedPage, string>(),
    imagesKey: hashOf(...images.files.map((file) => file.file)),
    texts: keptFrom(setup.memo.textDigests),
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

/** Stage "content": every collection of content/, validated, in each language of the site. */
async function loadSiteContent(setup: BuildSetup): Promise<SiteContent[]> {
  const { root, config, languages, options, cache, warnings, themeColours } = setup;
  const contents = await loadContentInLanguages({
    root,
    config,
    languages,
    drafts: options.drafts,
    cache,
    remember: setup.memo,
    env: options.env,
    themeColours,
  });
  warnings.push(...contents[0]!.warnings);
  contents.forEach((content, index) => {
    if (content.untranslated.length > 0) warnings.push(untranslatedContentWarning(languages[index]!, content));
  });
  if (!config.site.url && contents[0]!.blogPosts.length > 0)
    warnings.push(
      "No site.url in the config: no RSS, Atom or JSON feed is written, since a feed needs absolute addresses.",
    );
  return contents;
}

/** One language's pages: its config, its content, its routes (in its folder) and its menu. */
interface LanguagePlan {
  config: ResolvedConfig;
  content: SiteContent;
  routes: Route[];
  menu: MenuItem[];
}

/** The pages table of each language, and the images the pages and the Markdown bodies show. */
interface PagePlan {
  languages: LanguagePlan[];
  /** Every language's routes. */
  routes: Route[];
  imageRequests: ImageRequest[];
  bodyImages: { requests: ImageRequest[]; byAddress: Map<string, string> };
}

async function planPages(setup: BuildSetup, contents: SiteContent[]): Promise<PagePlan> {
  const { publicFiles, configLabel, config, languages } = setup;
  // The menu and the About page's sections may name content files, so they are checked once it is known.
  const menuProblemsFound = [...menuProblems(config, contents[0]!), ...aboutSectionProblems(config, contents[0]!)];
  if (menuProblemsFound.length)
    throw portfolioError("ConfigInvalid", [describeProblems(configLabel, menuProblemsFound)]);
  const linked = linkLanguages(
    languages.map((languageConfig, index) => ({
      config: languageConfig,
      routes: makeRoutes(languageConfig, contents[index]!),
    })),
  );
  const plans = linked.map((routes, index) => ({
    config: languages[index]!,
    content: contents[index]!,
    routes,
    menu: menuOf(routes),
  }));
  const bodyImages = contents.map((content) => bodyImageRequests(content, config.site.base, publicFiles));
  return {
    languages: plans,
    routes: linked.flat(),
    imageRequests: (
      await Promise.all(plans.map((plan) => checkContentImages(publicFiles, configLabel, plan.config, plan.content)))
    ).flat(),
    bodyImages: {
      requests: bodyImages.flatMap((images) => images.requests),
      byAddress: new Map(bodyImages.flatMap((images) => [...images.byAddress])),
    },
  };
}

/**
 * Stage "images": every image resized for the places that show it, and the site's share cards: the
 * images as each language's pages show them (the same but for the card, whose words are the language's).
 */
async function makeImages(setup: BuildSetup, plan: PagePlan): Promise<PreparedImages[]> {
  const { config, languages, publicFiles, cache, themeColours, fontSources } = setup;
  const prepared = await prepareImages({
    requests: [...plan.imageRequests, ...plan.bodyImages.requests],
    realPath: (asset) => publicFiles.files.get(asset)!,
    base: config.site.base,
    cache,
  });
  // Without a site.image, a language's share card is drawn from the owner's photo in the theme (theme/share-card.ts).
  const textFont = fontSources.find((font) => font.role === "text");
  const drawn = languages.filter((languageConfig) => !languageConfig.site.image);
  const cards = drawn.length
    ? await makeShareCards({
        configs: drawn,
        photoFile: (languageConfig) => publicFiles.files.get(languageConfig.owner.photo)!,
        colours: themeColours,
        textFont: textFont && mainFace(textFont.faces, textFont.mainSubset)?.file,
        cache,
      })
    : [];
  // Each post without an image of its own gets a card of its title, in each language's pages (theme/share-card.ts).
  const postCards = await Promise.all(
    plan.languages.map(({ config: languageConfig, content }) =>
      makePostCards({
        posts: content.blogPosts
          .filter((post) => !post.image)
          .map((post) => ({ slug: post.slug, title: post.title, author: post.author })),
        config: languageConfig,
        photoFile: publicFiles.files.get(languageConfig.owner.photo)!,
        colours: themeColours,
        textFont: textFont && mainFace(textFont.faces, textFont.mainSubset)?.file,
        cache,
      }),
    ),
  );
  const files = [
    ...prepared.files,
    ...cards.filter((card, index) => cards.findIndex((other) => other.file === card.file) === index),
    ...postCards
      .flatMap((made) => made.files)
      .filter((card, index, all) => all.findIndex((other) => other.file === card.file) === index),
  ];
  return languages.map((languageConfig, index) => {
    const card = cards[drawn.indexOf(languageConfig)];
    return {
      ...prepared,
      shareCard: (asset: string) =>
        card && asset === languageConfig.owner.photo ? card.file : prepared.shareCard(asset),
      postCard: (slug: string) => postCards[index]?.cards.get(slug),
      files,
    };
  });
}

/**
 * The site's own files beside the pages (feeds, `resume.json`, sitemap, robots, manifest, favicon), and the feeds'
 * link tags.
 */
interface SiteFiles {
  files: SiteFile[];
  /** The feeds' link tags of each language's pages, by language. */
  alternates: Map<string, string[]>;
}

/**
 * The feeds, `resume.json` and the other files of the site; then the checks that need every address: owners' pages
 * and content links.
 */
function makeSiteFiles(setup: BuildSetup, plan: PagePlan, imagesByLanguage: PreparedImages[]): SiteFiles {
  const { config, publicFiles, themeColours, pendingFiles } = setup;
  const images = imagesByLanguage[0]!;
  const bodyImages = new Map(
    [...plan.bodyImages.byAddress].map(([address, asset]) => [
      address,
      withBase(config.site.base, images.file(asset, "large")),
    ]),
  );
  const bytes = publishedSizes(images.files, publicFiles);
  // Each language has its own feeds and résumé, in its folder (`pt/feed.xml`). A file of public/
  // with the same name wins: it is the owner's choice.
  const byLanguage = plan.languages.map(({ config: languageConfig, content, routes }, index) => {
    const folder = languageFolder(languageConfig);
    const { shareCard } = imagesByLanguage[index]!;
    const feeds = renderFeeds(languageConfig, content.blogPosts, { shareCard, bodyImages, bytes }).filter(
      (feed) => !publicFiles.files.has(`${folder}${feed.file}`),
    );
    const resumeJson = [
      renderResumeJson(languageConfig, content, images.file(languageConfig.owner.photo, "avatar")),
    ].filter((file) => !publicFiles.files.has(`${folder}${file.file}`));
    // A site that turns AI crawlers away writes nothing for them.
    const llms =
      config.robots.ai === "allow"
        ? renderLlmsFiles({
            config: languageConfig,
            content,
            routes,
            otherLanguages: plan.languages
              .filter((other) => other.config !== languageConfig)
              .map((other) => ({ lang: other.config.site.lang, sitePath: `${languageFolder(other.config)}llms.txt` })),
          }).filter((file) => !publicFiles.files.has(`${folder}${file.file}`))
        : [];
    return {
      lang: languageConfig.site.lang,
      alternates: feedLinkTags(languageConfig, feeds),
      files: [...feeds, ...resumeJson, ...llms].map((file) => ({ ...file, file: `${folder}${file.file}` })),
      routes,
    };
  });
  // Without a favicon of the owner's, one in the accent: their initials (theme/favicon.ts).
  const favicon = faviconFiles.some((file) => publicFiles.files.has(file))
    ? []
    : [{ file: "favicon.svg", contents: generatedFavicon(config.owner.name, themeColours, config.theme.radius) }];
  const files = [
    ...renderSiteFiles(
      config,
      plan.routes,
      new Set([...publicFiles.files.keys(), ...favicon.map(({ file }) => file)]),
      setup.today,
      toHex(themeColours.accents.light),
    ),
    ...favicon,
    ...byLanguage.flatMap((language) => language.files),
  ];
  for (const { content, routes } of plan.languages)
    checkPageAddresses(content.pages, routes, [
      ...publicFiles.files.keys(),
      ...files.map((file) => file.file),
      ...pendingFiles,
      ...config.site.languages.slice(1).map((lang) => `${languagePrefix(lang)}/index.html`),
    ]);
  checkContentLinks(
    plan.languages.flatMap(({ content }) => content.links),
    config.site.base,
    new Set([
      ...publicFiles.files.keys(),
      ...files.map((file) => file.file),
      ...plan.routes.map((route) => route.file),
      ...pendingFiles,
    ]),
  );
  return { files, alternates: new Map(byLanguage.map((language) => [language.lang, language.alternates])) };
}

/**
 * The size in bytes of a file the site publishes, by its site path: one the build made (a resized
 * copy, a share card), or one of public/ published as it is (a card already 1200×630).
 */
function publishedSizes(made: OutputFile[], publicFiles: PublicFiles): (sitePath: string) => number | undefined {
  const sizes = new Map(made.map((file) => [file.file, Buffer.byteLength(file.contents)]));
  return (sitePath) => {
    const real = publicFiles.files.get(sitePath);
    return sizes.get(sitePath) ?? (real === undefined ? undefined : statSync(real).size);
  };
}

type SiteAssets = Awaited<ReturnType<typeof bundleAssetsCached>> & { theme: Awaited<ReturnType<typeof prepareTheme>> };

/** Stage "bundle": the theme's CSS and fonts for what the pages use, then the stylesheet and the islands' scripts. */
async function bundleSite(setup: BuildSetup, contents: SiteContent[], pages: RenderedPage[]): Promise<SiteAssets> {
  const { config, root, themeColours, fontSources, configLabel, cache } = setup;
  // The owner's stylesheet, then the styles their components import, after the engine's.
  const ownStyles = [await readOwnStyles(root), setup.overrides.css].filter(Boolean).join("\n");
  const layoutStylesheets = layoutOf(config).stylesheets;
  const engineStyles = ["site.css", ...layoutStylesheets];
  const theme = await prepareTheme({
    theme: config.theme,
    colours: themeColours,
    fonts: fontSources,
    stylesheets: [
      ...(await Promise.all(
        engineStyles.map((file) => readStylesheet(path.join(packageRoot(), "src", "styles", file))),
      )),
      ownStyles,
    ],
    pages: pages.map((page) => page.body),
    configLabel,
  });
  const islands = [...new Set(pages.flatMap((page) => page.islands))];
  const assets = await bundleAssetsCached(
    {
      islands,
      generatedCss: skillBarCss(contents),
      themeCss: theme.css,
      fontFacesCss: theme.faceCss,
      ownCss: ownStyles,
      integrationStyles: setup.languages.some(
        (languageConfig) => languageConfig.github !== undefined || languageConfig.comments !== undefined,
      ),
      layoutStylesheets,
    },
    cache,
  ).catch((cause: unknown) => {
    throw portfolioError("BundleFailed", [describeThrown(cause)], { cause });
  });
  return { ...assets, theme };
}

/** Every page as a whole document, and every file the build makes. */
interface Documents {
  documents: RenderedDocument[];
  files: OutputFile[];
}

/**
 * A page in the template, as the rest of the build needs it (`portfolio dev` keeps it for the next
 * build): of the page, only its route and islands, not its markup, which the document holds.
 */
interface RenderedDocument extends KeptDocument {
  page: Pick<RenderedPage, "route" | "islands">;
}

/** The documents with a copy of each page whose address is also a folder at that folder's index (folder-pages.ts). */
function withFolderPages(setup: BuildSetup, documents: Documents): Documents {
  const byFile = new Map(documents.files.map((file) => [file.file, file]));
  const copies = folderPageCopies(
    documents.documents.map(({ page }) => page.route.file),
    [...byFile.keys(), ...setup.publicFiles.files.keys()],
  );
  return {
    ...documents,
    files: [...documents.files, ...copies.map(({ page, copy }) => ({ ...byFile.get(page)!, file: copy }))],
  };
}

/** Each page in the template with its head tags, scripts and pictures; then the list of every generated file. */
async function renderDocuments(
  setup: BuildSetup,
  plan: PagePlan,
  imagesByLanguage: PreparedImages[],
  siteFiles: SiteFiles,
  pagesByLanguage: RenderedPage[][],
  assets: SiteAssets,
  pageKeys?: { keys: ReadonlyMap<RenderedPage, string>; imagesKey: string },
): Promise<Documents> {
  const { publicFiles, themeColours } = setup;
  const images = imagesByLanguage[0]!;
  const icons = siteIcons(new Set([...publicFiles.files.keys(), ...siteFiles.files.map((file) => file.file)]));
  const bodyPictures = new Map(
    [...plan.bodyImages.byAddress].map(([address, asset]) => [address, images.picture(asset, "large")]),
  );
  const theme = {
    colors: { light: toHex(themeColours.accents.light), dark: toHex(themeColours.accents.dark) },
    fontFaces: assets.fontFaces,
  };
  // KaTeX's stylesheet and fonts, when some page shows math; only those pages link them.
  const math = await mathAssets(pagesByLanguage.flatMap((pages) => pages.map((page) => page.body)));
  const template = await readTemplate(setup.root);
  // `portfolio dev`: a document whose page is the same and whose shell is the same is taken from
  // the previous build. The page's key covers its route, config, menu and images; the rest is here.
  const memo = setup.memo;
  const shell =
    memo &&
    pageKeys &&
    hashOf(
      JSON.stringify([
        assets.stylesheet,
        assets.themeScript,
        assets.fontFaces ?? null,
        math?.stylesheet ?? null,
        assets.islandScripts,
        icons,
        [...siteFiles.alternates],
        [...bodyPictures],
        theme,
        pageKeys.imagesKey,
        // What a kept document found in its text: the originals it names are looked for among these.
        images.replacedOriginals,
      ]),
      template,
    );
  const keptDocuments = memo && keptFrom(memo.documents);
  const stylesheetName = path.posix.basename(assets.stylesheet);
  // The originals of public/ that have resized copies are copied too only when some page names one.
  const replaced = images.replacedOriginals.map((asset) => [asset, withBase(setup.config.site.base, asset)] as const);
  const originalsIn = (html: string) =>
    replaced.filter(([, address]) => html.includes(address)).map(([asset]) => asset);
  const documents = plan.languages.flatMap(({ config, menu }, index) =>
    pagesByLanguage[index]!.map((page): RenderedDocument => {
      const pageKey = pageKeys?.keys.get(page);
      const key = shell && pageKey && `${shell} ${pageKey}`;
      const kept = key ? lastKept(keptDocuments, key) : undefined;
      const outline = { route: page.route, islands: page.islands };
      if (kept && key) return { page: outline, ...keep(keptDocuments, key, kept) };
      const document = renderDocument({
        page,
        config,
        assets,
        icons,
        template,
        menu,
        alternates: siteFiles.alternates.get(config.site.lang)!,
        images: imagesByLanguage[index]!,
        bodyPictures,
        theme,
        ...(math && showsMath(page.body) ? { mathStylesheet: math.stylesheet } : {}),
      });
      const made = takeIn(page.route.file, document, stylesheetName, originalsIn, Boolean(key));
      return { page: outline, ...(key ? keep(keptDocuments, key, made) : made) };
    }),
  );
  if (memo && keptDocuments) memo.documents = keptDocuments.next;
  const files: OutputFile[] = [
    ...assets.files,
    ...(math?.files ?? []),
    ...assets.theme.files,
    ...images.files,
    ...siteFiles.files,
    ...documents.map(({ page, bytes, digests }) => ({ file: page.route.file, contents: bytes, digest: digests.file })),
  ];
  return { documents, files };
}

/** What the build keeps of a document just made: its text is dropped once it has been read. */
function takeIn(
  file: string,
  html: string,
  stylesheetName: string,
  originalsIn: (html: string) => string[],
  digestBytes: boolean,
): KeptDocument {
  const bytes = Buffer.from(html);
  return {
    bytes,
    references: pageReferences(file, html),
    originals: originalsIn(html),
    digests: { page: pageDigest(bytes, stylesheetName), file: digestBytes ? hashOf(bytes) : undefined },
  };
}

/**
 * Stage "search": the index of the posts, projects and pages, written under `pagefind/` with the
 * rest of the site. Not made by `portfolio check`, which writes nothing, nor when search is off.
 * In `portfolio dev` (a memo with `onSearchIndexed`), a save that changes what search finds does
 * not wait for Pagefind: the page shows with the previous index, and once the new one is made the
 * dev server builds again, which finds it in the memo and writes it. With `afterShown`, even the
 * documents are made, compared and handed to Pagefind only once the save's page has been shown.
 */
async function indexForSearch(setup: BuildSetup, plan: PagePlan): Promise<OutputFile[]> {
  const { config, write, cache } = setup;
  if (!config.search || !write) return [];
  // Each language's pages search their own index, in their folder (`pt/pagefind/`).
  const indexesOf = () =>
    plan.languages.map(({ config: languageConfig, routes }) => ({
      documents: searchDocuments(routes),
      lang: languageConfig.site.lang,
      folder: languageFolder(languageConfig),
    }));
  const memo = setup.memo;
  if (!memo) return buildSearchIndex(indexesOf(), cache);
  const previous = memo.search;
  const indexed = memo.onSearchIndexed;
  if (previous && indexed) {
    const request = {};
    memo.searchRequest = request;
    const later = memo.afterShown ?? ((work: () => void) => work());
    later(() => {
      // A later save's build asked since: its documents are the ones to index.
      if (memo.searchRequest !== request) return;
      const indexes = indexesOf();
      const key = searchKey(indexes);
      if (memo.search?.key === key) return;
      // Built again whether it worked or not: the next build then writes the index, or reports why there is none.
      trackSearchIndexing(memo, indexSearchInMemo(memo, indexes, key, cache).then(indexed, indexed));
    });
    return previous.files;
  }
  const indexes = indexesOf();
  const key = searchKey(indexes);
  return previous?.key === key ? previous.files : indexSearchInMemo(memo, indexes, key, cache);
}

type SearchIndexes = Parameters<typeof buildSearchIndex>[0];

function searchKey(indexes: SearchIndexes): string {
  return hashOf(
    ...indexes.flatMap(({ documents, lang, folder }) => [
      lang,
      folder,
      ...documents.flatMap(({ url, html }) => [url, html]),
    ]),
  );
}

/**
 * Makes the index and keeps it in the memo by its documents' key; a failure forgets the last one, so the next build
 * reports it.
 */
function indexSearchInMemo(
  memo: BuildMemo,
  indexes: SearchIndexes,
  key: string,
  cache: CacheStore | undefined,
): Promise<OutputFile[]> {
  return buildSearchIndex(indexes, cache).then(
    (files) => {
      memo.search = { key, files };
      return files;
    },
    (error: unknown) => {
      memo.search = undefined;
      throw error;
    },
  );
}

/**
 * Every index still under way is waited for: a save made while an earlier index runs must not let `portfolio dev`'s
 * close miss that one.
 */
function trackSearchIndexing(memo: BuildMemo, indexing: Promise<unknown>): void {
  const underWay = Promise.allSettled([memo.searchIndexing, indexing]);
  memo.searchIndexing = underWay;
  underWay.finally(() => {
    if (memo.searchIndexing === underWay) memo.searchIndexing = undefined;
  });
}

/**
 * Stage "check": the generated XML parses and every reference of every page, stylesheet and script names a file of
 * the site.
 */
async function checkSite(setup: BuildSetup, { documents, files }: Documents, assets: SiteAssets) {
  const { publicFiles, pendingFiles, config } = setup;
  checkGeneratedXml(files, setup.memo);
  const texts = [
    ...assets.files.map(({ file, contents }) => ({ files: [file], text: Buffer.from(contents).toString("utf8") })),
    ...(await readPublicTexts(publicFiles)),
  ];
  const stylesheetName = path.posix.basename(assets.stylesheet);
  // A page's text is its digest without the stylesheet's name, and that name.
  const pages = documents.map(({ page, references, digests }) => ({
    files: [page.route.file],
    references,
    key: `${digests.page} ${stylesheetName}`,
  }));
  const memo = setup.memo;
  const references = memo && {
    ...keptFrom(memo.references),
    whole: memo.wholePages,
  };
  checkLinks(
    { files: new Set([...publicFiles.files.keys(), ...files.map(({ file }) => file), ...pendingFiles]), texts, pages },
    config.site.base,
    references,
  );
  if (memo && references) {
    memo.references = references.next;
    memo.wholePages = references.whole;
  }
  const digest = {
    stylesheet: assets.stylesheet,
    pagesDigest: hashOf(...documents.map(({ digests }) => digests.page)),
  };
  return { texts, digest };
}

/**
 * A digest of a document in which the stylesheet's `name` counts as a placeholder, so that a
 * stylesheet-only change leaves every page's digest alone (and dev swaps the stylesheet instead of
 * updating pages). Fed in views of the bytes between its occurrences, not as a copy with the name
 * replaced (at a thousand pages, 36 MB to collect on every save), and from the bytes the build
 * writes rather than the text, which the hash would encode to UTF-8 a second time.
 */
function pageDigest(bytes: Buffer, name: string): string {
  const hash = createHash("sha256");
  const placeholder = Buffer.from(name);
  let from = 0;
  for (let at = bytes.indexOf(placeholder); at !== -1; at = bytes.indexOf(placeholder, from)) {
    hash.update(bytes.subarray(from, at)).update("{stylesheet}");
    from = at + placeholder.length;
  }
  return hash.update(bytes.subarray(from)).digest("base64url");
}

/**
 * Stages "compress" and "write": gzip and Brotli copies, then the site written beside the old one and swapped in (or,
 * for `dev`, updated in place).
 */
async function compressAndWrite(
  setup: BuildSetup,
  { documents, files }: Documents,
  assets: SiteAssets,
  images: { replacedOriginals: string[] },
  siteFiles: SiteFiles,
  texts: Array<{ text: string }>,
  stage: (stage: BuildStage) => void,
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
  const copies = [...publicFiles.files]
    .filter(([file]) => !generated.has(file) && !unlinked.has(file))
    .map(([file, from]) => ({ file, from }));
  if (!options.update || !(await updateOutput(root, outDir, [...copies, ...written]))) {
    // Nothing shows at the output's path before commit.
    const output = await stageOutput(root, outDir);
    try {
      for (const { file, from } of copies) await output.copy(file, from);
      for (const { file, contents } of written) await output.write(file, contents);
    } catch (error) {
      await output.discard();
      throw error;
    }
    await output.commit();
    if (options.update) await recordOutput(root, outDir, [...copies, ...written]);
  }
  if (options.measure === false) return [];
  const gzipSizes = new Map(compressed.map(({ file, gzip }) => [file, gzip.byteLength]));
  return reportRoutes(documents, assets, config.site.base, gzipSizes);
}

/** Pages and stylesheets of public/ refer to the site too: their references are checked with the generated ones. */
async function readPublicTexts(publicFiles: PublicFiles): Promise<Array<{ files: string[]; text: string }>> {
  const texts = [...publicFiles.files].filter(([file]) => /\.(html|css)$/.test(file));
  return Promise.all(texts.map(async ([file, real]) => ({ files: [file], text: await readFile(real, "utf8") })));
}

/** Every image a page shows, each with the file and field that names it; each must be a file of public/. */
async function checkContentImages(
  publicFiles: PublicFiles,
  configLabel: string,
  config: ResolvedConfig,
  content: SiteContent,
): Promise<ImageRequest[]> {
  const requests: ImageRequest[] = [
    // The site's share card is site.image, or drawn from the photo (theme/share-card.ts): never a crop of it.
    { path: config.owner.photo, file: configLabel, field: "owner.photo", uses: ["avatar"] },
    ...(config.site.image
      ? [{ path: config.site.image, file: configLabel, field: "site.image", uses: ["share" as const] }]
      : []),
    ...[...content.projects, ...content.blogPosts].flatMap((entry) =>
      entry.image
        ? [
            {
              path: entry.image,
              file: entry.file,
              field: "image",
              uses: ["card" as const, "large" as const, "share" as const],
            },
          ]
        : [],
    ),
  ];
  const problems = new ProblemList();
  for (const request of requests) {
    const problem = await publicAssetProblem(publicFiles, request.path);
    if (problem) problems.add(request.file, { field: request.field, problem });
  }
  problems.throwIfAny("AssetMissing");
  return requests;
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

/**
 * Images the Markdown bodies show from public/, to be resized like the pages' own: each with the
 * file and line that shows it, and by the address the body's HTML uses for it.
 */
function bodyImageRequests(
  content: SiteContent,
  base: string,
  publicFiles: PublicFiles,
): { requests: ImageRequest[]; byAddress: Map<string, string> } {
  const requests: ImageRequest[] = [];
  const byAddress = new Map<string, string>();
  for (const { file, links } of content.links) {
    for (const link of links) {
      if (!link.shown || !link.href.startsWith(base)) continue;
      let asset: string;
      try {
        asset = decodeURIComponent(link.href.slice(base.length).split(/[?#]/)[0]!);
      } catch {
        continue;
      }
      if (!publicFiles.files.has(asset) || !/\.(jpe?g|png|webp|avif|tiff?|gif|svg)$/i.test(asset)) continue;
      requests.push({ path: asset, file, field: `body (line ${link.line})`, uses: ["large"] });
      byAddress.set(link.href, asset);
    }
  }
  return { requests, byAddress };
}

/** Skill bars get their widths from classes, not inline styles, so the CSP can forbid inline styles. */
function skillBarCss(contents: SiteContent[]): string {
  const percents = [...new Set(contents.flatMap((content) => content.skills.map((skill) => skill.percent)))].sort(
    (a, b) => a - b,
  );
  return percents.map((percent) => `.skill-progress-fill[data-percent="${percent}"]{width:${percent}%}`).join("\n");
}
