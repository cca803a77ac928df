import { loadOverrides, type SiteOverrides } from "../overrides/load-overrides.js";
import { existsSync } from "node:fs";
import path from "node:path";
import type { ResolvedConfig } from "../config/config-schema.js";
import { untranslatedWarning } from "../i18n/config-strings.js";
import { configFilePath, loadConfig } from "../config/load-config.js";
import { describeProblems, portfolioError } from "../errors.js";
import { openCacheStore, type CacheStore } from "../cache/cache-store.js";
import { publicAssetProblem, readPublicFolder, type PublicFiles } from "../project/public-folder.js";
import { checkOutDir } from "./write-site.js";
import { readFontSources, type FontFamilySource } from "../theme/font-sources.js";
import { resolveThemeColours, type ThemeColours } from "../theme/theme-colours.js";
import type { BuildMemo, BuildOptions } from "./build-options.js";
import { digestInputs } from "./unchanged-build.js";
import type { GitHubRepositories } from "../integrations/github-repositories.js";
import { loadGitHub } from "../integrations/load-github.js";

/** What every stage reads: the config, where the site comes from and goes, public/'s files, the theme and the cache. */
export interface BuildSetup {
  options: BuildOptions;
  /** What `portfolio dev` keeps from one build to the next; none for any other command. */
  memo: BuildMemo | undefined;
  /** The config in the default language. */
  config: ResolvedConfig;
  /** The config in each language of the site, the default first. */
  languages: ResolvedConfig[];
  root: string;
  /** The config file as messages name it. */
  configLabel: string;
  outDir: string;
  write: boolean;
  publicFiles: PublicFiles;
  /** Files of the site that are not there yet: the CV `portfolio cv` is printing. */
  pendingFiles: string[];
  themeColours: ThemeColours;
  fontSources: FontFamilySource[];
  cache: CacheStore | undefined;
  /** Added to by the stages: what the owner should know but that does not stop the build. */
  warnings: string[];
  /**
   * How many of `warnings` the setup itself found (the config, the cache, GitHub): a build skipped
   * for having nothing to do tells them afresh, and the stages' warnings of the build it repeats.
   */
  setupWarnings: number;
  /** The build's day, YYYY-MM-DD in UTC: the sitemap's date for pages without one, and an input of the build. */
  today: string;
  /**
   * GitHub's answers, when the config has `github`: fetched before anything else, as they are an input of the build.
   */
  github: GitHubRepositories | undefined;
  /** The owner's own components (components/, screens/), compiled: code like the config, an input of the build. */
  overrides: SiteOverrides;
}

/** Stage "config": the config, the output folder, public/, the CV, the theme's colours and fonts, and the cache. */
export async function setUp(options: BuildOptions, memo?: BuildMemo): Promise<BuildSetup> {
  const env = options.env ?? process.env;
  const write = options.write ?? true;
  // Opened first, for the compiled config; `portfolio check` reads the caches but writes none.
  const configFile = configFilePath(options);
  const opened = existsSync(configFile) ? await openCacheStore(path.dirname(configFile), env) : undefined;
  if (memo) memo.caches ??= new Map();
  const deferredWrites = memo?.cacheWrites;
  const store =
    opened && !("warning" in opened)
      ? {
          ...opened,
          memory: memo?.caches,
          deferredWrites,
          // What stopped the caches of the last build from being written, written after it had finished.
          warnings: [...opened.warnings, ...(deferredWrites?.warnings.splice(0) ?? [])],
        }
      : undefined;
  const {
    config,
    languages,
    root,
    label: configLabel,
  } = await loadConfig({
    ...options,
    configCache: store && { store, save: write },
  });
  const overrides = await loadOverrides(root);
  const outDir = path.resolve(options.cwd ?? process.cwd(), options.outDir ?? path.join(root, "dist"));
  if (write) await checkOutDir(root, outDir);
  const publicFiles = await readPublicFolder(root);
  for (const languageConfig of languages)
    await checkCvFile(publicFiles, configLabel, languageConfig, options.cvPending ?? false);
  const themeColours = resolveThemeColours(config.theme, configLabel);
  const fontSources = await readFontSources(config.theme.fonts, { root, publicFiles, configLabel });
  const warnings = config.contact
    ? []
    : [
        "No EmailJS settings (emailjs in the config, or EMAILJS_PUBLIC_KEY, EMAILJS_SERVICE_ID and EMAILJS_TEMPLATE_ID) and no other form service (contact in the config): the Contact page shows your e-mail address instead of the form.",
      ];
  if (config.robots.ai === "disallow" && config.site.base !== "/")
    warnings.push(robotsUnderBaseWarning(config.site.base));
  for (const { site, untranslatedStrings } of languages)
    if (untranslatedStrings.length > 0) warnings.push(untranslatedWarning(site.lang, untranslatedStrings));
  if (write && opened && "warning" in opened) warnings.push(opened.warning);
  const cache = write ? store : undefined;
  const github = await loadGitHub({
    config,
    root,
    env,
    // `portfolio check` writes nothing, but may read GitHub's answers of the last build.
    store,
    save: write,
    memo,
  });
  if (github) warnings.push(...github.warnings);
  const pendingFiles = options.cvPending
    ? [...new Set(languages.flatMap((languageConfig) => (languageConfig.cv ? [languageConfig.cv.file] : [])))]
    : [];
  return {
    options,
    memo,
    config,
    languages,
    root,
    configLabel,
    outDir,
    write,
    publicFiles,
    pendingFiles,
    themeColours,
    fontSources,
    cache,
    warnings,
    setupWarnings: warnings.length,
    today: new Date().toISOString().slice(0, 10),
    github: github?.repositories,
    overrides,
  };
}

/**
 * The digest of everything a build reads, when a build may be skipped for having the same: one that
 * writes a new output (not `portfolio check`, `dev`'s update in place, or `cv`'s build) with a cache.
 */
export async function digestBuildInputs(setup: BuildSetup): Promise<{ cache: CacheStore; digest: string } | undefined> {
  const { options, cache, write, root, outDir, languages, publicFiles, today, github, overrides } = setup;
  if (!cache || !write || options.update || options.cvPending) return undefined;
  const digest = await digestInputs({
    root,
    outDir,
    languages,
    publicFiles,
    options: {
      drafts: options.drafts ?? false,
      precompress: options.precompress ?? false,
      measure: options.measure ?? true,
      host: options.host ?? null,
    },
    today,
    github,
    overrides: overrides.inputs,
  });
  return digest ? { cache, digest } : undefined;
}

/**
 * Crawlers read robots.txt only at the top of the domain (RFC 9309, section 2.3): the one a site
 * under a base path writes, at `/portfolio/robots.txt`, turns no crawler away.
 */
export function robotsUnderBaseWarning(base: string): string {
  return `robots.ai is "disallow", but the site is under the base path ${base}: crawlers read only the domain's own /robots.txt, never ${base}robots.txt, so no AI crawler is turned away. Put the same lines in the robots.txt at the top of the domain (for a GitHub Pages project site, the user site <name>.github.io), or publish the site at the domain's root.`;
}

/** The CV the sidebar offers, if any, must be a file of public/ (the images are checked with the content's). */
async function checkCvFile(
  publicFiles: PublicFiles,
  configLabel: string,
  config: ResolvedConfig,
  pending: boolean,
): Promise<void> {
  if (!config.cv) return;
  const problem = await publicAssetProblem(publicFiles, config.cv.file, { mayBeMissing: pending });
  if (problem) throw portfolioError("AssetMissing", [describeProblems(configLabel, [{ field: "cv.file", problem }])]);
}
