import type { IslandName } from "../islands/registry.js";

/** A file the bundler made, relative to the output folder (e.g. `assets/site-3F2A.css`). */
export interface BundledFile {
  file: string;
  contents: Uint8Array;
}

/** What the bundle stage (pipeline/bundle-assets.ts) made, as the documents link to it. */
export interface BundledAssets {
  files: BundledFile[];
  /** Output path of the stylesheet. */
  stylesheet: string;
  /** Output path of the theme script that every page loads. */
  themeScript: string;
  /** Output path of the fonts' stylesheet, which pages ask for after painting; absent without theme fonts. */
  fontFaces?: string;
  /** Per island: its entry script and every chunk it imports, to preload. */
  islandScripts: Partial<Record<IslandName, { entry: string; imports: string[] }>>;
}
