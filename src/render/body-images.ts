import type { SiteImage } from "../images/prepare-images.js";
import { escapeAttribute } from "../escape.js";
import type { VideoSize } from "../images/video-size.js";

/**
 * Images a Markdown body shows from public/ (`![A chart](images/chart.png)`), as the pages' own
 * images are shown: a `<picture>` with the resized copies, and the width and height that keep the
 * text from jumping as it loads. `pictures` maps each image's address (base path included) to it.
 */
export function responsiveBodyImages(html: string, pictures: ReadonlyMap<string, SiteImage>): string {
  if (!pictures.size) return html;
  return html.replace(/<img src="([^"]+)"([^>]*?)\s*\/?>/g, (tag, src: string, attributes: string) => {
    const image = pictures.get(src.replace(/&amp;/g, "&"));
    if (!image) return tag;
    // The author's width and height give way to the image's own (its aspect ratio; CSS sizes it).
    const kept = attributes.replace(/\s(?:width|height)="[^"]*"/g, "");
    const img = `<img src="${escapeAttribute(image.src)}" width="${image.width}" height="${image.height}"${kept}>`;
    if (!image.sources.length) return img;
    const sizes = image.sizes ? ` sizes="${escapeAttribute(image.sizes)}"` : "";
    return `<picture>${image.sources.map((source) => `<source type="${source.type}" srcset="${escapeAttribute(source.srcset)}"${sizes}>`).join("")}${img}</picture>`;
  });
}

/**
 * How wide a gallery's thumbnail is drawn (site/media.css: a grid of columns of at least 8rem in the
 * text's column, two on a phone): the browser takes the smallest copy that covers it.
 */
export const gallerySizes = "(min-width: 1024px) 160px, (min-width: 580px) 22vw, 45vw";

/**
 * A body's galleries (`:::gallery`, content/gallery.ts) with their pictures: each thumbnail drawn
 * from the image's copies at a thumbnail's width, loaded as it nears the screen, and its link made the
 * largest copy (the original stays unpublished), which readers without JavaScript open and the
 * lightbox shows. Before `responsiveBodyImages`, which then leaves the thumbnails as they are.
 */
export function galleryPictures(html: string, pictures: ReadonlyMap<string, SiteImage>): string {
  if (!pictures.size || !html.includes('<div class="gallery" data-island=')) return html;
  const thumbnails = new Map([...pictures].map(([address, image]) => [address, { ...image, sizes: gallerySizes }]));
  return html.replace(
    /(<div class="gallery" data-island="[^"]*"[^>]*>)([\s\S]*?<\/ul>)(?=<\/div>)/g,
    (_gallery, opening: string, list: string) => {
      const linked = list.replace(/<a href="([^"]+)">/g, (tag, href: string) => {
        const image = pictures.get(href.replace(/&amp;/g, "&"));
        return image ? `<a href="${escapeAttribute(image.src)}">` : tag;
      });
      return `${opening}${responsiveBodyImages(linked, thumbnails).replace(/<img src=/g, '<img loading="lazy" decoding="async" src=')}`;
    },
  );
}

/**
 * The videos a Markdown body shows (`::video`) with the width and height of their own picture, read
 * from their bytes: the player keeps its place, with nothing loaded (`preload="none"`), and CSS
 * scales it to the column. `sizes` maps each video's address (base path included) to its size.
 */
export function sizedBodyVideos(html: string, sizes: ReadonlyMap<string, VideoSize>): string {
  if (!sizes.size) return html;
  return html.replace(/<video src="([^"]+)"/g, (tag, src: string) => {
    const size = sizes.get(src.replace(/&amp;/g, "&"));
    return size ? `${tag} width="${size.width}" height="${size.height}"` : tag;
  });
}

/**
 * The rule that holds each sized video of a page to its file's shape: a video's width and height give
 * its box that shape only until a poster arrives, whose own shape a browser then takes (a poster of
 * another shape would move the text). In the page's head, allowed by its hash; none without videos.
 */
export function videoShapeStyle(html: string): string | undefined {
  const shapes = new Set(
    [...html.matchAll(/<video src="[^"]*" width="(\d+)" height="(\d+)"/g)].map(
      ([, width, height]) => `${width}x${height}`,
    ),
  );
  if (!shapes.size) return undefined;
  return [...shapes]
    .map((shape) => {
      const [width, height] = shape.split("x");
      return `video[width="${width}"][height="${height}"]{aspect-ratio:${width}/${height}}`;
    })
    .join("");
}

/**
 * Each body image as one plain `<img>` of its large copy, for readers away from the page (feeds, llms-full.txt):
 * they choose no size, and the original, kept from the site, is no address of it.
 */
export function plainBodyImages(html: string, bodyImages: ReadonlyMap<string, string>): string {
  return html.replace(/<img src="([^"]+)"/g, (tag, src: string) => {
    const copy = bodyImages.get(src.replace(/&amp;/g, "&"));
    return copy ? `<img src="${escapeAttribute(copy)}"` : tag;
  });
}
