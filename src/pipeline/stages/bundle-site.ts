import path from "node:path";
import type { SiteContent } from "../../content/site-content.js";
import type { IslandName } from "../../islands/registry.js";
import { describeThrown, portfolioError } from "../../errors.js";
import { layoutOf } from "../../layouts/layouts.js";
import { packageRoot } from "../../package-root.js";
import { keptFrom } from "../../kept-results.js";
import { readOwnStyles } from "../../render/page-template.js";
import type { RenderedPage } from "../../render/render-page.js";
import { prepareTheme } from "../../theme/prepare-theme.js";
import type { BuildSetup } from "../build-setup.js";
import { bundleAssetsCached } from "../bundle-assets.js";
import { readStylesheet } from "../engine-stylesheet.js";
import type { SiteAssets } from "./stage-types.js";

/** Stage "bundle": the theme's CSS and fonts for what the pages use, then the stylesheet and the islands' scripts. */
export async function bundleSite(
  setup: BuildSetup,
  contents: SiteContent[],
  pages: RenderedPage[],
): Promise<SiteAssets> {
  const { config, root, themeColours, fontSources, configLabel, cache } = setup;
  // The owner's stylesheet, then the styles their components import, after the engine's.
  const ownStyles = [await readOwnStyles(root), setup.overrides.css].filter(Boolean).join("\n");
  const layoutStylesheets = layoutOf(config).stylesheets;
  const engineStyles = ["site.css", ...layoutStylesheets];
  const characters = setup.memo && keptFrom(setup.memo.pageCharacters);
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
    characters,
  });
  if (setup.memo && characters) setup.memo.pageCharacters = characters.next;
  const islands = [...new Set(pages.flatMap((page) => page.islands))];
  // The owner's islands the pages use (components/content/), their code's digest in the bundles' key.
  const contentIslands = Object.fromEntries(
    Object.entries(setup.overrides.content.islands).filter(([name]) => islands.includes(name as IslandName)),
  );
  const assets = await bundleAssetsCached(
    {
      islands,
      ...(Object.keys(contentIslands).length
        ? { contentIslands: { files: contentIslands, digest: setup.overrides.content.digest } }
        : {}),
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

/** Skill bars get their widths from classes, not inline styles, so the CSP can forbid inline styles. */
function skillBarCss(contents: SiteContent[]): string {
  const percents = [...new Set(contents.flatMap((content) => content.skills.map((skill) => skill.percent)))].sort(
    (a, b) => a - b,
  );
  return percents.map((percent) => `.skill-progress-fill[data-percent="${percent}"]{width:${percent}%}`).join("\n");
}
