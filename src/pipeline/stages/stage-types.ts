// What the build's stages hand each other (build-stages.ts), in the order they make it: the pages'
// plan, the site's own files, the bundled assets, then the documents.
import type { MenuItem } from "../../components/Navbar.js";
import type { ResolvedConfig } from "../../config/config-schema.js";
import type { SiteContent } from "../../content/site-content.js";
import type { ImageRequest } from "../../images/prepare-images.js";
import type { VideoSize } from "../../images/video-size.js";
import type { OutputFile } from "../../output-file.js";
import type { RenderedPage } from "../../render/render-page.js";
import type { SiteFile } from "../../render/render-site-files.js";
import type { Route } from "../../routes/make-routes.js";
import type { prepareTheme } from "../../theme/prepare-theme.js";
import type { KeptDocument } from "../build-options.js";
import type { bundleAssetsCached } from "../bundle-assets.js";

/** One language's pages: its config, its content, its routes (in its folder) and its menu. */
export interface LanguagePlan {
  config: ResolvedConfig;
  content: SiteContent;
  routes: Route[];
  menu: MenuItem[];
}

/** The pages table of each language, and the images the pages and the Markdown bodies show. */
export interface PagePlan {
  languages: LanguagePlan[];
  /** Every language's routes. */
  routes: Route[];
  imageRequests: ImageRequest[];
  bodyImages: { requests: ImageRequest[]; byAddress: Map<string, string> };
  /** The width and height of each video a Markdown body shows (`::video`), by its address, read from its bytes. */
  bodyVideos: Map<string, VideoSize>;
}

/**
 * The site's own files beside the pages (feeds, `resume.json`, sitemap, robots, manifest, favicon), and the feeds'
 * link tags.
 */
export interface SiteFiles {
  files: SiteFile[];
  /** The feeds' link tags of each language's pages, by language. */
  alternates: Map<string, string[]>;
}

export type SiteAssets = Awaited<ReturnType<typeof bundleAssetsCached>> & {
  theme: Awaited<ReturnType<typeof prepareTheme>>;
};

/** Every page as a whole document, and every file the build makes. */
export interface Documents {
  documents: RenderedDocument[];
  files: OutputFile[];
}

/**
 * A page in the template, as the rest of the build needs it (`portfolio dev` keeps it for the next
 * build): of the page, only its route and islands, not its markup, which the document holds.
 */
export interface RenderedDocument extends KeptDocument {
  page: Pick<RenderedPage, "route" | "islands">;
}
