/**
 * `:::gallery`: a container of Markdown images shown as a grid of thumbnails, each a link to the
 * large image (what a reader without JavaScript follows); a click opens the lightbox, the plain
 * module client/gallery-lightbox.ts, run at the visitor's first reach for the gallery. Each image is
 * made into sizes like every image of a body (render/body-images.ts draws the pictures).
 */
import { escapeAttribute } from "../escape.js";
import type { WritingLabels } from "./markdown-extensions.js";
import { decodeText } from "./markdown-text.js";

/** What the gallery asks of the text it is in: directives.ts's `DirectiveContext`, in part. */
interface GalleryContext {
  siteFile: (written: string) => string | undefined;
  slot: (html: string) => string;
  labels: Pick<WritingLabels, "galleryClose" | "galleryPrevious" | "galleryNext">;
}

/** The island a gallery is: its plain module opens the lightbox. */
export const galleryIsland = "Gallery";

/** An image as marked writes it, with the caption its title becomes in a figure of its own (markdown-extensions.ts). */
const image = /<img src="([^"]*)" alt="([^"]*)"(?: title="([^"]*)")?\s*\/?>(?:<figcaption>([\s\S]*?)<\/figcaption>)?/g;
/** What may stand between the images: the paragraphs and figures marked puts them in, line breaks. */
const between = /<\/?(?:p|figure)>|<br\s*\/?>|\s+/g;

/**
 * The gallery's HTML from the container's (marked's, before the sanitiser, which then reads the list
 * as it reads the rest): its wrapper in slots, since it carries the island's marker and the
 * lightbox's words, which content could not write; or what is wrong with what it holds.
 */
export function renderGallery(inner: string, context: GalleryContext): string | { problem: string } {
  const items: string[] = [];
  for (const [, src, alt, title, caption] of inner.matchAll(image)) {
    const written = decodeText(src!);
    const address = context.siteFile(written);
    if (address === undefined)
      return {
        problem: `shows ${written}: expected an image of the site (beside the post or in public/), since the page asks no other host for anything`,
      };
    if (!alt!.trim())
      return { problem: `shows ${written} without its alt text: expected ![what it shows](${written})` };
    const shownTitle = title ?? caption?.replace(/<[^>]*>/g, "");
    items.push(
      `<li><a href="${escapeAttribute(address)}"><img src="${escapeAttribute(address)}" alt="${alt}"${shownTitle ? ` title="${shownTitle}"` : ""}></a></li>`,
    );
  }
  if (inner.replace(image, "").replace(between, ""))
    return {
      problem: "holds something other than images: expected only Markdown images, ![what it shows](file), one a line",
    };
  if (!items.length) return { problem: "holds no image: expected Markdown images, ![what it shows](file), one a line" };
  const { galleryClose, galleryPrevious, galleryNext } = context.labels;
  const opening =
    `<div class="gallery" data-island="${galleryIsland}" data-close-label="${escapeAttribute(galleryClose)}"` +
    ` data-previous-label="${escapeAttribute(galleryPrevious)}" data-next-label="${escapeAttribute(galleryNext)}">`;
  return `${context.slot(opening)}<ul>${items.join("")}</ul>${context.slot("</div>")}\n`;
}
