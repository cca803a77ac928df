import { statSync } from "node:fs";
import { toHex } from "../../colour.js";
import { languagePrefix } from "../../i18n/config-languages.js";
import type { PreparedImages } from "../../images/prepare-images.js";
import type { OutputFile } from "../../output-file.js";
import type { PublicFiles } from "../../project/public-folder.js";
import { renderLlmsFiles } from "../../render/llms-txt.js";
import { feedLinkTags, renderFeeds } from "../../render/render-feeds.js";
import { renderResumeJson } from "../../render/render-resume-json.js";
import { renderSiteFiles } from "../../render/render-site-files.js";
import { keptFrom } from "../../kept-results.js";
import { languageFolder } from "../../routes/languages.js";
import { checkPageAddresses } from "../../routes/page-addresses.js";
import { withBase } from "../../site-paths.js";
import { faviconFiles, generatedFavicon } from "../../theme/favicon.js";
import type { BuildSetup } from "../build-setup.js";
import { checkContentLinks } from "../check-content-links.js";
import type { PagePlan, SiteFiles } from "./stage-types.js";

/**
 * The feeds, `resume.json` and the other files of the site; then the checks that need every address: owners' pages
 * and content links.
 */
export function makeSiteFiles(setup: BuildSetup, plan: PagePlan, imagesByLanguage: PreparedImages[]): SiteFiles {
  const { config, publicFiles, themeColours, pendingFiles } = setup;
  const images = imagesByLanguage[0]!;
  const bodyImages = new Map(
    [...plan.bodyImages.byAddress].map(([address, asset]) => [
      address,
      withBase(config.site.base, images.file(asset, "large")),
    ]),
  );
  const bytes = publishedSizes(images.files, publicFiles);
  const checkedEntries = setup.memo && keptFrom(setup.memo.resumeEntries);
  // Each language has its own feeds and résumé, in its folder (`pt/feed.xml`). A file of public/
  // with the same name wins: it is the owner's choice.
  const byLanguage = plan.languages.map(({ config: languageConfig, content, routes }, index) => {
    const folder = languageFolder(languageConfig);
    const { shareCard } = imagesByLanguage[index]!;
    const feeds = renderFeeds(languageConfig, content.blogPosts, { shareCard, bodyImages, bytes }).filter(
      (feed) => !publicFiles.files.has(`${folder}${feed.file}`),
    );
    const resumeJson = [
      renderResumeJson(languageConfig, content, images.file(languageConfig.owner.photo, "avatar"), checkedEntries),
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
            bodyImages,
          }).filter((file) => !publicFiles.files.has(`${folder}${file.file}`))
        : [];
    return {
      lang: languageConfig.site.lang,
      alternates: feedLinkTags(languageConfig, feeds),
      files: [...feeds, ...resumeJson, ...llms].map((file) => ({ ...file, file: `${folder}${file.file}` })),
      routes,
    };
  });
  if (setup.memo && checkedEntries) setup.memo.resumeEntries = checkedEntries.next;
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
