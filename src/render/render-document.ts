import type { MenuItem } from "../components/Navbar.js";
import type { BundledAssets } from "./bundled-assets.js";
import type { ResolvedConfig } from "../config/config-schema.js";
import type { SharedImages, SiteImage } from "../images/prepare-images.js";
import { diagramStyles } from "../content/diagrams.js";
import { galleryPictures, responsiveBodyImages, sizedBodyVideos, videoShapeStyle } from "./body-images.js";
import { embedFrameOrigins } from "../content/embeds.js";
import type { VideoSize } from "../images/video-size.js";
import { escapeAttribute } from "../escape.js";
import { textDirection } from "../i18n/strings.js";
import { drawsTextIn } from "../theme/font-faces.js";
import { headTags, type PageTheme, type SiteIcons } from "./head-tags.js";
import { fillTemplate } from "./page-template.js";
import type { RenderedPage } from "./render-page.js";

export interface DocumentOptions {
  page: RenderedPage;
  config: ResolvedConfig;
  assets: BundledAssets;
  icons: SiteIcons;
  /** The HTML shell from templates/page.html, checked by readTemplate. */
  template: string;
  menu: MenuItem[];
  /** `<link rel="alternate">` tags of the site's feeds. */
  alternates: string[];
  /** Share cards and plain copies of the images, for the head. */
  images: SharedImages;
  /** The images Markdown bodies show, by their address, as pictures. */
  bodyPictures?: ReadonlyMap<string, SiteImage> | undefined;
  /** The width and height of the videos Markdown bodies show, by their address. */
  bodyVideos?: ReadonlyMap<string, VideoSize> | undefined;
  theme: PageTheme;
  /** The rules of KaTeX's stylesheet a page that shows math uses (math-assets.ts). */
  mathStyle?: string | undefined;
}

/** Puts a rendered page into the HTML shell, with its head tags and only the scripts it uses. */
export function renderDocument({
  page,
  config,
  assets,
  icons,
  template,
  menu,
  alternates,
  images,
  bodyPictures = new Map(),
  bodyVideos = new Map(),
  theme,
  mathStyle,
}: DocumentOptions): string {
  const body = sizedBodyVideos(
    responsiveBodyImages(galleryPictures(page.body, bodyPictures), bodyPictures),
    bodyVideos,
  );
  const head = headTags({
    route: page.route,
    config,
    assets,
    islands: page.islands,
    hints: page.hints,
    icons,
    menu,
    alternates,
    images,
    theme: pageTheme(theme, page.body),
    mathStyle,
    bodyStyles: diagramStyles(page.body),
    bodyFrames: embedFrameOrigins(page.body),
    videoStyle: videoShapeStyle(body),
  });
  const html = fillTemplate(template, {
    lang: escapeAttribute(config.site.lang),
    head: head.join("\n    "),
    body,
  });
  return textDirection(config.site.lang) === "rtl" ? rightToLeft(html) : html;
}

/** The site's theme as one page loads it: the main face first only where the page's text is drawn in it. */
function pageTheme(theme: PageTheme, body: string): PageTheme {
  return theme.mainFace && !drawsTextIn(body, theme.mainFace.unicodeRange) ? { ...theme, mainFace: undefined } : theme;
}

/**
 * Marks the page as written right to left (Arabic, Hebrew, …), in the shell's `<html>` tag: the
 * owner's own templates/page.html too, unless it says `dir` itself.
 */
function rightToLeft(html: string): string {
  return html.replace(/<html\b([^>]*)>/i, (tag, attributes: string) =>
    /\sdir\s*=/i.test(attributes) ? tag : `<html${attributes} dir="rtl">`,
  );
}
