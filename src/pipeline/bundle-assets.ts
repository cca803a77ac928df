import path from "node:path";
import { build, transform, type BuildOptions, type Metafile, type Plugin } from "esbuild";
import type { ComponentIslandName, IslandName } from "../islands/registry.js";
import { islandEvaluatedMark, islandFiles, plainClients } from "../islands/registry.js";
import { packageRoot } from "../package-root.js";
import { codeFingerprint, hashOf, openCache } from "../cache/build-cache.js";
import { stylesheetParts } from "./engine-stylesheet.js";
import type { CacheStore } from "../cache/cache-store.js";
import type { BundledAssets } from "../render/bundled-assets.js";

export interface BundleOptions {
  islands: IslandName[];
  /**
   * The owner's islands among them (components/content/ with `island = true`): each one's file and
   * the export that is its component, and the digest of their code, for the bundles' key.
   */
  contentIslands?: { files: Record<string, { file: string; exportName: string }>; digest: string };
  /** Extra CSS rules made from content (the skill bar widths). */
  generatedCss: string;
  /** The tokens and fallback faces `theme` in the config sets (theme/theme-css.ts), added after portfolio's own. */
  themeCss?: string;
  /** The theme fonts' `@font-face` rules (paths relative to assets/), a stylesheet of their own. */
  fontFacesCss?: string;
  /** The owner's own CSS (templates/site.css), added last. */
  ownCss?: string;
  /**
   * Whether the site shows GitHub's repositories or comments: their rules (styles/integrations.css) are then in the
   * stylesheet.
   */
  integrationStyles?: boolean;
  /** The chosen layout's stylesheets, files of src/styles/ (layouts/layouts.ts), after the engine's rules. */
  layoutStylesheets?: readonly string[];
  minify?: boolean;
}

const assetsDir = "assets";

/**
 * Bundles the stylesheet and the client scripts with esbuild: one entry per island used, with code
 * splitting so React is one content-hashed chunk shared by every page that needs it, and a theme
 * script that needs no framework at all.
 */
export async function bundleAssets({
  islands,
  contentIslands,
  generatedCss,
  themeCss = "",
  fontFacesCss = "",
  ownCss = "",
  integrationStyles = false,
  layoutStylesheets = [],
  minify = true,
}: BundleOptions): Promise<BundledAssets> {
  const root = packageRoot();
  const [css, scripts, faces] = await Promise.all([
    bundleCss(root, { generatedCss, themeCss, ownCss, integrationStyles, layoutStylesheets }, minify),
    bundleScripts(root, islands, contentIslands?.files ?? {}, minify),
    minifyCss(fontFacesCss, "font-faces.css", minify),
  ]);
  const fontFaces = faces && { file: `${assetsDir}/font-faces-${shortHash(faces)}.css`, contents: Buffer.from(faces) };
  return {
    files: [...css.files, ...scripts.files, ...(fontFaces ? [fontFaces] : [])],
    ...(fontFaces ? { fontFaces: fontFaces.file } : {}),
    stylesheet: css.stylesheet,
    themeScript: scripts.themeScript,
    islandScripts: scripts.islandScripts,
  };
}

/**
 * The same, kept between builds: the bundles depend only on portfolio's own source and libraries
 * (the fingerprint), the islands the pages use and the generated CSS, so a rebuild that changed
 * neither reuses them and esbuild does not run.
 */
export async function bundleAssetsCached(
  options: BundleOptions,
  cacheStore: CacheStore | undefined,
): Promise<BundledAssets> {
  const cache = await openCache<BundledAssets>(cacheStore, "bundle", await codeFingerprint(["."]));
  const key = hashOf(
    JSON.stringify([...options.islands].sort()),
    options.generatedCss,
    options.themeCss ?? "",
    options.fontFacesCss ?? "",
    options.ownCss ?? "",
    String(options.minify ?? true),
    String(options.integrationStyles ?? false),
    // None without the owner's islands, so the key (and a warm cache) is as before them.
    ...(options.contentIslands ? [JSON.stringify(options.contentIslands)] : []),
    // None for the sidebar, so its key (and a warm cache) is as before layouts.
    ...(options.layoutStylesheets ?? []),
  );
  const assets = cache.get(key) ?? (await bundleAssets(options));
  cache.set(key, assets);
  await cache.save();
  return assets;
}

const cssTargets = ["chrome111", "firefox113", "safari16.4"];

/**
 * The stylesheet's entry: the tokens and then the site's rules, each in its cascade layer, so that
 * the theme's and the owner's CSS, added after, win by layer rather than by specificity.
 */
function stylesheetEntry(
  generatedCss: string,
  integrationStyles: boolean,
  layoutStylesheets: readonly string[],
): string {
  return [
    "@layer portfolio.tokens, portfolio.site;",
    '@import "./tokens.css" layer(portfolio.tokens);',
    '@import "./site.css" layer(portfolio.site);',
    ...(integrationStyles ? ['@import "./integrations.css" layer(portfolio.site);'] : []),
    ...layoutStylesheets.map((file) => `@import "./${file}" layer(portfolio.site);`),
    `@layer portfolio.site {\n${generatedCss}\n}`,
  ].join("\n");
}

async function bundleCss(
  root: string,
  {
    generatedCss,
    themeCss,
    ownCss,
    integrationStyles,
    layoutStylesheets,
  }: {
    generatedCss: string;
    themeCss: string;
    ownCss: string;
    integrationStyles: boolean;
    layoutStylesheets: readonly string[];
  },
  minify: boolean,
) {
  const result = await build({
    stdin: {
      contents: stylesheetEntry(generatedCss, integrationStyles, layoutStylesheets),
      resolveDir: path.join(root, "src", "styles"),
      sourcefile: "generated.css",
      loader: "css",
    },
    bundle: true,
    minify,
    write: false,
    outdir: assetsDir,
    entryNames: "site",
    assetNames: "[name]-[hash]",
    target: cssTargets,
    logLevel: "silent",
    absWorkingDir: root,
    plugins: [stylesheetParts(path.join(root, "src", "styles"))],
  });
  const outputs = result.outputFiles.map((output) => ({
    file: relativeOutput(root, output.path),
    contents: output.contents,
  }));
  const bundled = outputs.find((output) => output.file === `${assetsDir}/site.css`)!;
  // The theme's CSS and then the owner's come last and are only minified, not bundled: the theme's
  // font files are already in assets/, and the owner's paths of the site (/images/…) stay as
  // written; the link check verifies both.
  const [theme, own] = await Promise.all([
    minifyCss(themeCss, "theme.css", minify),
    minifyCss(ownCss, "templates/site.css", minify),
  ]);
  const contents = Buffer.concat([Buffer.from(bundled.contents), Buffer.from(theme), Buffer.from(own)]);
  const stylesheet = `${assetsDir}/site-${shortHash(contents)}.css`;
  return { files: [...outputs.filter((output) => output !== bundled), { file: stylesheet, contents }], stylesheet };
}

/** Eight characters of a content hash, for file names hosts may cache for a year. */
function shortHash(contents: string | Uint8Array): string {
  return hashOf(contents)
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, 8)
    .toUpperCase();
}

async function minifyCss(css: string, sourcefile: string, minify: boolean): Promise<string> {
  return css.trim()
    ? (await transform(css, { loader: "css", minify, target: cssTargets, logLevel: "silent", sourcefile })).code
    : "";
}

async function bundleScripts(
  root: string,
  islands: IslandName[],
  contentIslands: Record<string, { file: string; exportName: string }>,
  minify: boolean,
) {
  const options: BuildOptions & { write: false; metafile: true } = {
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["chrome111", "firefox113", "safari16.4"],
    minify,
    write: false,
    metafile: true,
    outdir: assetsDir,
    entryNames: "[name]-[hash]",
    chunkNames: "chunk-[hash]",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    legalComments: "none",
    logLevel: "silent",
    absWorkingDir: root,
  };
  // The theme script is built alone, so it is one file that imports nothing: it is the only script
  // before the first paint. The islands share React in one chunk.
  const [theme, islandBuild] = await Promise.all([
    build({ ...options, entryPoints: [{ in: path.join(root, "src", "client", "theme.ts"), out: "theme" }] }),
    islands.length
      ? build({
          ...options,
          splitting: true,
          entryPoints: islands.map((name) => ({ in: `island:${name}`, out: name })),
          plugins: [islandEntries(root, contentIslands), engineForOwnerCode(root)],
          // A stylesheet an owner's island imports is in the site's already (overrides/owner-module.ts).
          loader: { ".css": "empty" },
        })
      : undefined,
  ]);
  const files = [...theme.outputFiles, ...(islandBuild?.outputFiles ?? [])].map((output) => ({
    file: relativeOutput(root, output.path),
    contents: output.contents,
  }));
  const entries = entryOutputs(theme.metafile);
  const islandScripts: BundledAssets["islandScripts"] = {};
  if (islandBuild) {
    const islandEntryFiles = entryOutputs(islandBuild.metafile);
    for (const name of islands) {
      const entry = islandEntryFiles.get(name)!;
      islandScripts[name] = { entry, imports: staticImports(islandBuild.metafile, entry) };
    }
  }
  return { files, themeScript: entries.get("theme")!, islandScripts };
}

/**
 * `island:ContactForm` becomes a tiny entry whose `hydrate` the page's island loader calls for each
 * marker; `island:content-counter`, the owner's component of components/content/, one whose `hydrate`
 * is client/hydrate-content-island.tsx's with that component.
 */
function islandEntries(root: string, contentIslands: Record<string, { file: string; exportName: string }>): Plugin {
  return {
    name: "portfolio-island-entries",
    setup(build) {
      build.onResolve({ filter: /^island:/ }, (args) => ({
        path: args.path.slice("island:".length),
        namespace: "island",
      }));
      build.onLoad({ filter: /.*/, namespace: "island" }, (args) => {
        const name = args.path as IslandName;
        const plain = plainClients[name];
        // Set when the entry runs (after the chunks it imports), not when it is fetched or compiled.
        const evaluated = `performance.mark(${JSON.stringify(islandEvaluatedMark(name))});\n`;
        const owners = contentIslands[name];
        if (owners) {
          const imported =
            owners.exportName === "default"
              ? `import Component from ${JSON.stringify(owners.file)};`
              : `import { ${owners.exportName} as Component } from ${JSON.stringify(owners.file)};`;
          return {
            contents:
              `${evaluated}${imported}\n` +
              `import { hydrateContentIsland } from ${JSON.stringify(path.join(root, "src", "client", "hydrate-content-island.tsx"))};\n` +
              "export const hydrate = (root) => hydrateContentIsland(root, Component);\n",
            loader: "ts",
            resolveDir: root,
          };
        }
        if (plain)
          return {
            contents: `export { hydrate } from ${JSON.stringify(path.join(root, "src", "client", plain))};\n${evaluated}`,
            loader: "ts",
            resolveDir: root,
          };
        const file = path.join(root, "src", "islands", islandFiles[name as ComponentIslandName]);
        return {
          contents:
            `${evaluated}import { ${name} } from ${JSON.stringify(file)};\n` +
            `import { hydrateIsland } from ${JSON.stringify(path.join(root, "src", "client", "hydrate-islands.tsx"))};\n` +
            `export const hydrate = (root) => hydrateIsland(root, ${JSON.stringify(name)}, ${name});\n`,
          loader: "ts",
          resolveDir: root,
        };
      });
    },
  };
}

/**
 * The owner's island imports React and `portfolio-ssg` as their components on the server do (overrides/
 * owner-module.ts): React is the engine's, one chunk with its own islands' whether or not the site installs
 * it, and `field` a stand-in of a few bytes (client/content-fields.ts), the props having been checked at build.
 */
function engineForOwnerCode(root: string): Plugin {
  return {
    name: "portfolio-engine-for-owner-code",
    setup(build) {
      build.onResolve({ filter: /^(?:react|react-dom)(?:\/.*)?$|^portfolio-ssg$/ }, (args) => {
        if (args.pluginData === "engine") return undefined;
        if (args.path === "portfolio-ssg") return { path: path.join(root, "src", "client", "content-fields.ts") };
        return build.resolve(args.path, { kind: args.kind, resolveDir: root, pluginData: "engine" });
      });
    },
  };
}

function entryOutputs(metafile: Metafile): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (!meta.entryPoint) continue;
    const name = meta.entryPoint.startsWith("island:") ? meta.entryPoint.slice("island:".length) : "theme";
    entries.set(name, output);
  }
  return entries;
}

/** Every chunk an entry imports, directly or not, so the page can preload them all at once. */
function staticImports(metafile: Metafile, entry: string): string[] {
  const seen = new Set<string>();
  const visit = (output: string) => {
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind !== "import-statement" || seen.has(imported.path)) continue;
      seen.add(imported.path);
      visit(imported.path);
    }
  };
  visit(entry);
  return [...seen];
}

function relativeOutput(root: string, absolute: string): string {
  return path.relative(root, absolute).split(path.sep).join("/");
}
