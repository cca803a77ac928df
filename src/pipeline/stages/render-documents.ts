import { createHash } from "node:crypto";
import path from "node:path";
import { hashOf } from "../../cache/build-cache.js";
import { toHex } from "../../colour.js";
import type { PreparedImages } from "../../images/prepare-images.js";
import { keep, keptFrom, lastKept } from "../../kept-results.js";
import type { OutputFile } from "../../output-file.js";
import { readTemplate } from "../../render/page-template.js";
import { renderDocument } from "../../render/render-document.js";
import type { RenderedPage } from "../../render/render-page.js";
import { siteIcons } from "../../render/render-site-files.js";
import { folderPageCopies } from "../../routes/folder-pages.js";
import { withBase } from "../../site-paths.js";
import type { KeptDocument } from "../build-options.js";
import type { BuildSetup } from "../build-setup.js";
import { pageReferences } from "../check-links.js";
import { mathAssets, mathStyle, showsMath } from "../math-assets.js";
import type { Documents, PagePlan, RenderedDocument, SiteAssets, SiteFiles } from "./stage-types.js";

/** The documents with a copy of each page whose address is also a folder at that folder's index (folder-pages.ts). */
export function withFolderPages(setup: BuildSetup, documents: Documents): Documents {
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
export async function renderDocuments(
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
    mainFace: assets.theme.mainFace,
  };
  // KaTeX's stylesheet and fonts, when some page shows math; only those pages have its rules and load its fonts.
  const showingMath = setup.memo && keptFrom(setup.memo.showingMath);
  const math = await mathAssets(
    pagesByLanguage.flatMap((pages) => pages.map((page) => page.body)),
    setup.cache,
    showingMath,
  );
  if (setup.memo && showingMath) setup.memo.showingMath = showingMath.next;
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
        [...plan.bodyVideos],
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
        bodyVideos: plan.bodyVideos,
        theme,
        ...(math && showsMath(page.body) ? { mathStyle: mathStyle(math.stylesheet, page.body, config.site.base) } : {}),
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
