import type { ResolvedConfig } from "../../config/config-schema.js";
import type { SiteContent } from "../../content/site-content.js";
import { ProblemList, describeProblems, portfolioError } from "../../errors.js";
import type { ImageRequest } from "../../images/prepare-images.js";
import { readVideoSize, type VideoSize } from "../../images/video-size.js";
import { publicAssetProblem, type PublicFiles } from "../../project/public-folder.js";
import { linkLanguages } from "../../routes/languages.js";
import { makeRoutes, menuOf } from "../../routes/make-routes.js";
import { aboutSectionProblems, menuProblems } from "../../routes/menu.js";
import type { BuildSetup } from "../build-setup.js";
import type { PagePlan } from "./stage-types.js";

/**
 * Once the content is known: the menu's and the About page's names of it checked, each language's
 * routes, and every image the pages and the Markdown bodies show.
 */
export async function planPages(setup: BuildSetup, contents: SiteContent[]): Promise<PagePlan> {
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
  const bodyVideos = await bodyVideoSizes(contents, config.site.base, publicFiles);
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
    bodyVideos,
  };
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
    ...ownerImageRequests(config, content),
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

/**
 * The width and height of every video a Markdown body shows (`::video`), read from its bytes, so its
 * page keeps its place; a file that is no video, whatever its name, is refused with the line that
 * names it. A missing one is the link check's to report.
 */
async function bodyVideoSizes(
  contents: SiteContent[],
  base: string,
  publicFiles: PublicFiles,
): Promise<Map<string, VideoSize>> {
  const named = new Map<string, { asset: string; file: string; line: number }>();
  for (const content of contents)
    for (const { file, links } of content.links)
      for (const link of links) {
        if (!link.shown || !link.href.startsWith(base) || named.has(link.href)) continue;
        const asset = assetOf(link.href, base);
        if (asset && /\.(?:mp4|webm)$/i.test(asset) && publicFiles.files.has(asset))
          named.set(link.href, { asset, file, line: link.line });
      }
  if (!named.size) return new Map();
  const sizes = new Map<string, VideoSize>();
  const problems = new ProblemList();
  await Promise.all(
    [...named].map(async ([href, { asset, file, line }]) => {
      const size = await readVideoSize(publicFiles.files.get(asset)!);
      if ("problem" in size) problems.add(file, { field: `body (line ${line})`, problem: `${asset} ${size.problem}` });
      else sizes.set(href, size);
    }),
  );
  problems.throwIfAny("VideoUnreadable");
  return sizes;
}

/** The path inside the site of an address under the base path, or undefined for one that cannot be decoded. */
function assetOf(href: string, base: string): string | undefined {
  try {
    return decodeURIComponent(href.slice(base.length).split(/[?#]/)[0]!);
  } catch {
    return undefined;
  }
}

/**
 * The images the owner's own fields of kind `image` name (the config's `fields`), in projects, posts
 * and Markdown pages: checked like the engine's and made into the sizes a card and a page show.
 */
function ownerImageRequests(config: ResolvedConfig, content: SiteContent): ImageRequest[] {
  const folders = [
    ["projects", content.projects],
    ["blog", content.blogPosts],
    ["pages", content.pages],
  ] as const;
  return folders.flatMap(([folder, entries]) => {
    const images = Object.entries(config.fields?.[folder] ?? {}).filter(([, field]) => field.kind === "image");
    return entries.flatMap((entry) =>
      images.flatMap(([name]) => {
        const path = entry.fields[name];
        return typeof path === "string"
          ? [{ path, file: entry.file, field: name, uses: ["card" as const, "large" as const] }]
          : [];
      }),
    );
  });
}
