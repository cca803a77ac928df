/**
 * The video hosts and code playgrounds a post may embed (`::youtube`, `::vimeo`, `::codepen`,
 * `::stackblitz`): where the player comes from once the
 * visitor asks for it, and where the video is without JavaScript. The player's origin is the only
 * one a page with the embed adds to its policy's `frame-src` (render/head-tags.ts), and only that page.
 */
export interface EmbedHost {
  /** How the host is named beside the link: "YouTube". */
  label: string;
  /** The origin of the player's frame: YouTube's privacy-enhanced host, Vimeo's player with Do Not Track. */
  frameOrigin: string;
  /** The player's address, started as the visitor clicked play. */
  player: (id: string) => string;
  /** The video's page on the host, for readers without JavaScript, feeds and print. */
  page: (id: string) => string;
  /** What an id of the host looks like, and an example for the problem that says so. */
  id: RegExp;
  idExample: string;
}

export const embedHosts = {
  youtube: {
    label: "YouTube",
    frameOrigin: "https://www.youtube-nocookie.com",
    player: (id) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`,
    page: (id) => `https://www.youtube.com/watch?v=${id}`,
    id: /^[\w-]{11}$/,
    idExample: "dQw4w9WgXcQ",
  },
  vimeo: {
    label: "Vimeo",
    frameOrigin: "https://player.vimeo.com",
    player: (id) => `https://player.vimeo.com/video/${id}?dnt=1&autoplay=1`,
    page: (id) => `https://vimeo.com/${id}`,
    id: /^\d{1,12}$/,
    idExample: "76979871",
  },
  // The code playgrounds: a pen's result (its id written with its user's, `user/id`), a project's preview.
  codepen: {
    label: "CodePen",
    frameOrigin: "https://codepen.io",
    player: (id) => `https://codepen.io/${penUser(id)}/embed/${penId(id)}?default-tab=result`,
    page: (id) => `https://codepen.io/${penUser(id)}/pen/${penId(id)}`,
    id: /^[A-Za-z0-9][\w-]{0,39}\/[A-Za-z0-9]{4,16}$/,
    idExample: "PwYqJzM",
  },
  stackblitz: {
    label: "StackBlitz",
    frameOrigin: "https://stackblitz.com",
    player: (id) => `https://stackblitz.com/edit/${id}?embed=1&view=preview`,
    page: (id) => `https://stackblitz.com/edit/${id}`,
    id: /^[A-Za-z0-9][\w-]{0,99}$/,
    idExample: "vitejs-vite-k2xq7d",
  },
} as const satisfies Record<string, EmbedHost>;

/** A CodePen user's name, as `::codepen{user=…}` takes it, and an example for the problem that says so. */
export const codepenUser = { pattern: /^[A-Za-z0-9][\w-]{0,39}$/, example: "maya-okafor" };
const penUser = (id: string) => id.split("/")[0]!;
const penId = (id: string) => id.split("/")[1]!;

export type EmbedHostName = keyof typeof embedHosts;

/** The island a facade is: its plain module (client/embed-facade.ts) swaps the button for the player on a click. */
export const embedIsland = "EmbedFacade";

/**
 * The origins of the players a page's HTML holds facades of, for its `frame-src`. Only the build
 * writes `data-embed-src` (the sanitiser keeps no `data-` attribute of content), so a page names
 * only the hosts its posts embed.
 */
export function embedFrameOrigins(html: string): string[] {
  if (!html.includes("data-embed-src=")) return [];
  return Object.values(embedHosts)
    .map((host) => host.frameOrigin)
    .filter((origin) => html.includes(`data-embed-src="${origin}/`));
}
