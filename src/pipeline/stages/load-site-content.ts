import type { SiteContent } from "../../content/site-content.js";
import { loadContentInLanguages } from "../../content/load-content.js";
import { remoteImageWarnings } from "../../content/remote-images.js";
import { untranslatedContentWarning } from "../../content/translations.js";
import type { BuildSetup } from "../build-setup.js";

/** Stage "content": every collection of content/, validated, in each language of the site. */
export async function loadSiteContent(setup: BuildSetup): Promise<SiteContent[]> {
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
    keepDrawings: setup.write,
    siteFiles: new Set(setup.publicFiles.files.keys()),
    directives: setup.overrides.content.digest
      ? { components: setup.overrides.content.directives, digest: setup.overrides.content.digest }
      : undefined,
  });
  warnings.push(...contents[0]!.warnings);
  warnings.push(...remoteImageWarnings(contents.flatMap((content) => content.links)));
  contents.forEach((content, index) => {
    if (content.untranslated.length > 0) warnings.push(untranslatedContentWarning(languages[index]!, content));
  });
  if (!config.site.url && contents[0]!.blogPosts.length > 0)
    warnings.push(
      "No site.url in the config: no RSS, Atom or JSON feed is written, since a feed needs absolute addresses.",
    );
  return contents;
}
