import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Plugin } from "esbuild";
import { describeProblems, describeThrown, portfolioError, type FieldProblem } from "../errors.js";
import { parseFields, problemsFromZod } from "../validate.js";
import { isInstalledPackage, packageName, packageRoot } from "../package-root.js";
import { z } from "zod";
import { configInLanguage, declaredLanguages, fieldInLanguages, languagePrefix } from "../i18n/config-languages.js";
import { baseProblem, siteConfigSchema, type ResolvedConfig } from "./config-schema.js";
import { compileConfig, type ConfigCache } from "./compile-config.js";
import { contactProviders, type ContactProvider } from "../contact/contact-services.js";

export const defaultConfigFile = "portfolio.config.ts";

/** Environment variables that override the EmailJS settings at build time (for CI secrets). */
export const emailjsEnvironment = {
  publicKey: "EMAILJS_PUBLIC_KEY",
  serviceId: "EMAILJS_SERVICE_ID",
  templateId: "EMAILJS_TEMPLATE_ID",
} as const;

/**
 * Environment variables that fill the key of the service `contact` names, at build time (for CI
 * secrets): the EmailJS ones above for `provider: "emailjs"`, and these for the others.
 */
export const contactEnvironment = {
  emailjs: emailjsEnvironment,
  formspree: { formId: "FORMSPREE_FORM_ID" },
  web3forms: { accessKey: "WEB3FORMS_ACCESS_KEY" },
  netlify: {},
  endpoint: { url: "CONTACT_ENDPOINT_URL" },
} as const satisfies Record<ContactProvider, Record<string, string>>;

/** The settings of `variables` that the environment gives, by field. */
function fromEnvironment(variables: Record<string, string>, env: Record<string, string | undefined>) {
  return Object.fromEntries(
    Object.entries(variables)
      .map(([field, variable]) => [field, env[variable]?.trim()])
      .filter(([, value]) => value),
  );
}

export interface LoadedConfig {
  /** The config in the site's default language. */
  config: ResolvedConfig;
  /** The config in each language of the site, the default first: `[config]` for a site in one language. */
  languages: ResolvedConfig[];
  /** Absolute path of the config file; content/ and public/ are found beside it. */
  file: string;
  /** The config file as messages name it, relative to the working folder: `portfolio.config.ts`. */
  label: string;
  root: string;
}

export interface LoadConfigOptions {
  file?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Overrides `site.base`, as `--base` does. */
  base?: string;
  /** Where the compiled config is kept between runs; none: it is compiled every time. */
  configCache?: ConfigCache | undefined;
}

/** The config file's absolute path: the project is the folder that holds it. */
export function configFilePath(options: Pick<LoadConfigOptions, "cwd" | "file">): string {
  return path.resolve(options.cwd ?? process.cwd(), options.file ?? defaultConfigFile);
}

/** Reads `portfolio.config.ts` (or the given file), applies environment overrides and validates it. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const cwd = options.cwd ?? process.cwd();
  const file = configFilePath(options);
  if (!existsSync(file)) {
    throw portfolioError("ConfigNotFound", [path.relative(cwd, file) || file]);
  }
  const baseOption = options.base === undefined ? undefined : baseProblem(options.base);
  if (baseOption) throw portfolioError("OptionInvalid", ["--base", baseOption]);
  const exported = await importConfigModule(file, path.relative(cwd, file) || file, options.configCache);
  if (typeof exported !== "object" || exported === null || Array.isArray(exported)) {
    const got = exported === null ? "null" : Array.isArray(exported) ? "a list" : `a ${typeof exported}`;
    throw portfolioError(
      "ConfigLoadFailed",
      [path.relative(cwd, file) || file, `its default export is ${got}: expected the settings object`],
      {
        hint: "End the file with `export default defineConfig({ ... })`.",
      },
    );
  }
  const withOverrides = applyOverrides(exported, options.env ?? process.env, options.base);
  const label = path.relative(cwd, file) || file;
  const languages = parseLanguages(withOverrides, label);
  return { config: languages[0]!, languages, file, label, root: path.dirname(file) };
}

/**
 * The config once per language of the site (config-languages.ts), each validated: a problem of a
 * text given per language names the language (`owner.jobTitle.pt`), and a problem of a value all
 * languages share is told once.
 */
function parseLanguages(raw: unknown, label: string): ResolvedConfig[] {
  const languages = declaredLanguages(raw);
  const problems = new Map<string, FieldProblem>();
  const parsed = languages.map((lang, index) => {
    const { value, picks, problems: found } = configInLanguage(raw, lang, languages);
    // The other languages' configs are the default's with their language:
    // their site.languages is checked once, with the default's.
    const result = parseFields(siteConfigSchema, index === 0 ? value : inOtherLanguage(value, lang));
    const zodProblems = result.success
      ? []
      : result.error.issues.map((issue) => ({ ...issue, path: fieldInLanguages(issue.path, picks) }));
    for (const problem of [...found, ...problemsFromZod(new z.ZodError(zodProblems))])
      problems.set(`${problem.field}\n${problem.problem}`, problem);
    return result.success ? result.data : undefined;
  });
  if (problems.size > 0 || parsed.some((config) => config === undefined))
    throw portfolioError("ConfigInvalid", [describeProblems(label, [...problems.values()])]);
  const [main, ...others] = parsed as ResolvedConfig[];
  return [
    main!,
    ...others.map((config) => ({
      ...config,
      site: {
        ...config.site,
        languages: main!.site.languages,
        pagesBase: `${config.site.base}${languagePrefix(config.site.lang)}/`,
      },
    })),
  ];
}

function inOtherLanguage(value: unknown, lang: string): unknown {
  const config = value as { site?: Record<string, unknown> };
  const { languages: _languages, ...site } = config.site ?? {};
  return { ...config, site: { ...site, lang } };
}

async function importConfigModule(file: string, shown: string, cache: ConfigCache | undefined): Promise<unknown> {
  const code = await compileConfig(file, shown, engineImport, cache);
  const folder = await mkdtemp(path.join(tmpdir(), "portfolio-config-"));
  try {
    const output = path.join(folder, "config.mjs");
    await writeFile(output, code);
    let module: { default?: unknown };
    try {
      module = (await import(pathToFileURL(output).href)) as { default?: unknown };
    } catch (cause) {
      throw portfolioError("ConfigLoadFailed", [shown, `it threw ${describeThrown(cause)}`], { cause });
    }
    if (module.default === undefined) {
      throw portfolioError("ConfigLoadFailed", [shown, "it has no default export"], {
        hint: "End the file with `export default defineConfig({ ... })`.",
      });
    }
    return module.default;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * `import { defineConfig } from "portfolio-ssg"` is the engine that is running, whichever copy the
 * site's node_modules holds (or none, for a config checked by a CLI installed elsewhere).
 */
const engineImport: Plugin = {
  name: "portfolio-engine",
  setup(build) {
    build.onResolve({ filter: new RegExp(`^${packageName}$`) }, () => ({
      path: isInstalledPackage()
        ? path.join(packageRoot(), "lib", "index.js")
        : path.join(packageRoot(), "src", "config", "define-config.ts"),
    }));
  },
};

function applyOverrides(exported: unknown, env: Record<string, string | undefined>, base: string | undefined): unknown {
  if (typeof exported !== "object" || exported === null) return exported;
  const config = { ...(exported as Record<string, unknown>) };
  if (base !== undefined) config.site = { ...(config.site as object), base };
  // The site's address where CI knows it better than the config (GitHub Pages sets it from the repository).
  const siteUrl = env.SITE_URL?.trim();
  if (siteUrl) config.site = { ...(config.site as object), url: siteUrl };

  const contact = config.contact as { provider?: unknown } | undefined;
  const provider = contactProviders.find((name) => name === contact?.provider);
  if (contact && provider) {
    config.contact = { ...contact, ...fromEnvironment(contactEnvironment[provider], env) };
    return config;
  }
  const emailjs = fromEnvironment(emailjsEnvironment, env);
  if (Object.keys(emailjs).length > 0) {
    config.emailjs = { ...(config.emailjs as object | undefined), ...emailjs };
  }
  return config;
}
