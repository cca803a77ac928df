/**
 * What the directives a body holds become where no script runs and no player may load: feeds,
 * llms-full.txt, search's index, excerpts. A facade becomes the link to its video, a video the
 * link to its file, a `<details>` its summary and text, open. Works on the HTML the build wrote
 * (content/directives.ts, then sanitised), whose shapes are few and known.
 */

/** How a video is told: as a link (feeds, search), its title alone (excerpts), or its title and address (llms-full.txt). */
export type FallbackStyle = "link" | "title" | "address";

const facade =
  /<figure class="embed"[^>]*>[\s\S]*?<figcaption>(<a href="([^"]*)">([\s\S]*?)<\/a>)([^<]*)<\/figcaption><\/figure>/g;
const video =
  /<figure class="video"><video\b[^>]*>[\s\S]*?(<a href="([^"]*)">([\s\S]*?)<\/a>)<\/video>(?:<figcaption>[\s\S]*?<\/figcaption>)?<\/figure>/g;
/** A `<details>` with no other inside it: the innermost are opened first. */
const innermostDetails =
  /<details(?: open(?:="[^"]*")?)?>(?:\s*<summary>((?:(?!<\/summary>)[\s\S])*)<\/summary>)?((?:(?!<details[\s>])[\s\S])*?)<\/details>/g;

export function withDirectiveFallbacks(html: string, style: FallbackStyle): string {
  if (!html.includes("<figure class=") && !html.includes("<details")) return html;
  const told = (link: string, address: string, title: string, after = "") =>
    style === "link"
      ? `<p>${link}${after}</p>`
      : style === "title"
        ? `<p>${title}</p>`
        : `<p>${title}${after}: ${address}</p>`;
  let result = html
    .replace(facade, (_figure, link: string, address: string, title: string, host: string) =>
      told(link, address, title, host),
    )
    .replace(video, (_figure, link: string, address: string, title: string) => told(link, address, title));
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
