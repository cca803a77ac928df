/**
 * What the directives a body holds become where no script runs and no player may load: feeds,
 * llms-full.txt, search's index, excerpts. A facade becomes the link to its video, a video the
 * link to its file, a `<details>` its summary and text, open, a gallery its images. Works on the HTML the build wrote
 * (content/directives.ts, then sanitised), whose shapes are few and known.
 */

/** How a video is told: a link (feeds, search, llms-full.txt), or its title alone (excerpts). */
export type FallbackStyle = "link" | "title";

/** A pattern written in parts, each a line. */
const pattern = (...parts: string[]) => new RegExp(parts.join(""), "g");

/** A facade (content/directives.ts's `renderEmbed`): its caption's link and the host's name after it. */
const facade = pattern(
  '<figure class="embed"[^>]*>[\\s\\S]*?',
  '<figcaption>(<a href="[^"]*">([\\s\\S]*?)<\\/a>)([^<]*)<\\/figcaption><\\/figure>',
);
/** A video (`renderVideo`): the link to its file inside it. */
const video = pattern(
  '<figure class="video"><video\\b[^>]*>[\\s\\S]*?(<a href="[^"]*">([\\s\\S]*?)<\\/a>)<\\/video>',
  "(?:<figcaption>[\\s\\S]*?<\\/figcaption>)?<\\/figure>",
);
/** A `<details>` with no other inside it: the innermost are opened first. */
const innermostDetails = pattern(
  '<details(?: open(?:="[^"]*")?)?>',
  "(?:\\s*<summary>((?:(?!<\\/summary>)[\\s\\S])*)<\\/summary>)?",
  "((?:(?!<details[\\s>])[\\s\\S])*?)<\\/details>",
);

/** The root of an owner's island (overrides/content-components.ts): its HTML stays, its marks for the loader go. */
const contentIslandRoot =
  /<(div|span) class="island" data-island="content-[^"]*" id="[^"]*" data-island-props="[^"]*">/g;

/** A gallery (content/gallery.ts): its list of linked thumbnails. */
const gallery = /<div class="gallery" data-island="[^"]*"[^>]*><ul>([\s\S]*?)<\/ul><\/div>/g;
const galleryImage = /<img src="([^"]*)" alt="([^"]*)"[^>]*>/g;

/**
 * A gallery's images one a paragraph (feeds, search, llms-full.txt); none in an excerpt, as any image.
 */
function galleryFallback(list: string, style: FallbackStyle): string {
  if (style === "title") return "";
  return [...list.matchAll(galleryImage)].map(([, src, alt]) => `<p><img src="${src}" alt="${alt}"></p>`).join("");
}

export function withDirectiveFallbacks(html: string, style: FallbackStyle): string {
  if (html.includes('<div class="gallery" data-island='))
    html = html.replace(gallery, (_gallery, list: string) => galleryFallback(list, style));
  if (html.includes('data-island="content-')) html = html.replace(contentIslandRoot, "<$1>");
  if (!html.includes("<figure class=") && !html.includes("<details")) return html;
  const told = (link: string, title: string, after = "") =>
    style === "link" ? `<p>${link}${after}</p>` : `<p>${title}</p>`;
  let result = html
    .replace(facade, (_figure, link: string, title: string, host: string) => told(link, title, host))
    .replace(video, (_figure, link: string, title: string) => told(link, title));
  for (let previous = ""; previous !== result && result.includes("<details"); ) {
    previous = result;
    result = result.replace(
      innermostDetails,
      (_details, summary: string | undefined, body: string) =>
        `${summary ? `<p><strong>${summary}</strong></p>` : ""}${body}`,
    );
  }
  return result;
}
