import { readFile } from "node:fs/promises";
import path from "node:path";
import { hashOf } from "../../cache/build-cache.js";
import { keptFrom } from "../../kept-results.js";
import type { PublicFiles } from "../../project/public-folder.js";
import type { BuildSetup } from "../build-setup.js";
import { checkGeneratedXml } from "../check-generated-xml.js";
import { checkLinks } from "../check-links.js";
import type { Documents, SiteAssets } from "./stage-types.js";

/**
 * Stage "check": the generated XML parses and every reference of every page, stylesheet and script names a file of
 * the site.
 */
export async function checkSite(setup: BuildSetup, { documents, files }: Documents, assets: SiteAssets) {
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

/** Pages and stylesheets of public/ refer to the site too: their references are checked with the generated ones. */
async function readPublicTexts(publicFiles: PublicFiles): Promise<Array<{ files: string[]; text: string }>> {
  const texts = [...publicFiles.files].filter(([file]) => /\.(html|css)$/.test(file));
  return Promise.all(texts.map(async ([file, real]) => ({ files: [file], text: await readFile(real, "utf8") })));
}
