import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { PortfolioError, describeProblems } from "../errors.js";
import { problemsFromZod } from "../validate.js";
import { configSchema, type ResolvedConfig } from "./config-schema.js";

export const defaultConfigFile = "portfolio.config.ts";

/** Environment variables that override the EmailJS settings at build time (for CI secrets). */
export const emailjsEnvironment = {
  publicKey: "EMAILJS_PUBLIC_KEY",
  serviceId: "EMAILJS_SERVICE_ID",
  templateId: "EMAILJS_TEMPLATE_ID",
} as const;

export interface LoadedConfig {
  config: ResolvedConfig;
  /** Absolute path of the config file; content/ and public/ are found beside it. */
  file: string;
  root: string;
}

export interface LoadConfigOptions {
  file?: string;
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Overrides `site.base`, as `--base` does. */
  base?: string;
}

/** Reads `portfolio.config.ts` (or the given file), applies environment overrides and validates it. */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const cwd = options.cwd ?? process.cwd();
  const file = path.resolve(cwd, options.file ?? defaultConfigFile);
  if (!existsSync(file)) {
    throw new PortfolioError("ConfigNotFound", `Cannot find the config file ${path.relative(cwd, file) || file}.`, {
      hint: `Create ${defaultConfigFile} in the project folder, or pass its path with --config <file>.`,
    });
  }
  const exported = await importConfigModule(file);
  const withOverrides = applyOverrides(exported, options.env ?? process.env, options.base);
  const result = configSchema.safeParse(withOverrides);
  if (!result.success) {
    throw new PortfolioError("ConfigInvalid", describeProblems(path.relative(cwd, file), problemsFromZod(result.error)), {
      hint: "Each field is documented in src/config/define-config.ts.",
    });
  }
  return { config: result.data, file, root: path.dirname(file) };
}

async function importConfigModule(file: string): Promise<unknown> {
  const folder = await mkdtemp(path.join(tmpdir(), "portfolio-config-"));
  try {
    const bundled = await build({
      entryPoints: [file],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      write: false,
      logLevel: "silent",
    }).catch((cause: { errors?: { text: string; location?: { line: number; column: number } | null }[] }) => {
      const first = cause.errors?.[0];
      const where = first?.location ? `:${first.location.line}:${first.location.column}` : "";
      throw new PortfolioError("ConfigLoadFailed", `Cannot read ${path.basename(file)}${where}: ${first?.text ?? String(cause)}`, {
        hint: "Fix the TypeScript syntax error above.",
        cause,
      });
    });
    const output = path.join(folder, "config.mjs");
    await writeFile(output, bundled.outputFiles[0]!.text);
    let module: { default?: unknown };
    try {
      module = (await import(pathToFileURL(output).href)) as { default?: unknown };
    } catch (cause) {
      throw new PortfolioError("ConfigLoadFailed", `${path.basename(file)} threw while loading: ${(cause as Error).message}`, { cause });
    }
    if (module.default === undefined) {
      throw new PortfolioError("ConfigInvalid", `${path.basename(file)} has no default export.`, {
        hint: "End the file with `export default defineConfig({ ... })`.",
      });
    }
    return module.default;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

function applyOverrides(exported: unknown, env: Record<string, string | undefined>, base: string | undefined): unknown {
  if (typeof exported !== "object" || exported === null) return exported;
  const config = { ...(exported as Record<string, unknown>) };
  if (base !== undefined) config.site = { ...(config.site as object), base };

  const fromEnvironment = Object.fromEntries(
    Object.entries(emailjsEnvironment)
      .map(([field, variable]) => [field, env[variable]?.trim()])
      .filter(([, value]) => value),
  );
  if (Object.keys(fromEnvironment).length > 0) {
    config.emailjs = { ...(config.emailjs as object | undefined), ...fromEnvironment };
  }
  return config;
}
