import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { builtinModules, createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as React from "react";
import * as jsxRuntime from "react/jsx-runtime";
import type { ComponentType } from "react";
import type { SiteComponents } from "../components/site-components.js";
import { describeThrown, isPortfolioError, portfolioError } from "../errors.js";
import { hashOf } from "../cache/build-cache.js";
import { packageRoot } from "../package-root.js";
import { componentsModule, type Overridable, overridable } from "./overridable.js";
import * as publicComponents from "./public-components.js";

/** The owner's components of a site, ready to render, and what they were made from. */
export interface SiteOverrides {
  /** Each override by the name of the component it replaces. */
  components: Partial<SiteComponents>;
  /** The CSS the overrides import, in the order of the overridable list, added after the engine's stylesheet. */
  css: string;
  /** Every file the overrides were compiled from, with its digest: an input of the build. */
  inputs: Array<{ file: string; digest: string }>;
  /** One digest of all the inputs. */
  digest: string;
}

const none: SiteOverrides = { components: {}, css: "", inputs: [], digest: "" };

/**
 * The site's own components (`components/ProjectCard.tsx`, `screens/AboutScreen.tsx`), each in
 * place of the engine's of the same name. Each is the owner's code, like the config: compiled by
 * esbuild with what it imports, and run at build time, never sent to the browser (no component an
 * owner may replace is part of an island). React and `portfolio-ssg/components` are the running
 * engine's own, so an override renders in the same tree as the defaults it wraps.
 */
export async function loadOverrides(root: string): Promise<SiteOverrides> {
  const present = overridable.filter((row) => existsSync(path.join(root, ...row.file.split("/"))));
  if (present.length === 0) return none;
  const { build } = await import("esbuild");
  const components: Partial<Record<keyof SiteComponents, unknown>> = {};
  const css: string[] = [];
  const inputs = new Set<string>();
  for (const row of present) {
    const file = path.join(root, ...row.file.split("/"));
    const compiled = await build({
      entryPoints: [file],
      absWorkingDir: root,
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      jsx: "automatic",
      outdir: path.join(root, ".portfolio", "overrides"),
      write: false,
      metafile: true,
      logLevel: "silent",
      // The engine's own packages (the icons its defaults draw) resolve for a copy of a default
      // even when the site does not list them: from beside the installed engine, or from its own.
      nodePaths: [path.join(packageRoot(), "node_modules"), path.dirname(packageRoot())],
      external: ["react", "react/*", "react-dom", "react-dom/*", componentsModule, ...nodeModules],
      loader: { ".css": "css", ".svg": "text" },
    }).catch(
      (cause: {
        errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }>;
      }) => {
        const first = cause.errors?.[0];
        const where = first?.location
          ? `${first.location.file}:${first.location.line}:${first.location.column}`
          : row.file;
        throw portfolioError("OverrideInvalid", [where, first?.text ?? describeThrown(cause)], { cause });
      },
    );
    for (const input of Object.keys(compiled.metafile.inputs)) inputs.add(path.resolve(root, input));
    const code = compiled.outputFiles.find((output) => output.path.endsWith(".js"))?.text ?? "";
    css.push(...compiled.outputFiles.filter((output) => output.path.endsWith(".css")).map((output) => output.text));
    components[row.name] = attributed(row, componentOf(row, runModule(row, file, code)));
  }
  const digested = await Promise.all(
    [...inputs].sort().map(async (file) => ({ file, digest: hashOf(await readFile(file)) })),
  );
  return {
    // Each was checked to be a component; its props are the owner's to get right, as TypeScript tells them.
    components: components as Partial<SiteComponents>,
    css: css.join("\n"),
    inputs: digested,
    digest: hashOf(...digested.flatMap(({ file, digest }) => [file, digest])),
  };
}

const nodeModules = builtinModules.flatMap((name) => [name, `node:${name}`]);

/** Runs a compiled override, its imports of React and of the engine answered by the running engine's own modules. */
function runModule(row: Overridable, file: string, code: string): Record<string, unknown> {
  const ownRequire = createRequire(file);
  const engineModules: Record<string, unknown> = {
    react: React,
    "react/jsx-runtime": jsxRuntime,
    [componentsModule]: publicComponents,
  };
  const require = (specifier: string) => {
    if (specifier in engineModules) return engineModules[specifier];
    if (nodeModules.includes(specifier)) return ownRequire(specifier);
    throw portfolioError("OverrideInvalid", [
      row.file,
      `it imports ${specifier}, which an override cannot use: import React, ${componentsModule}, Node's own modules, or a package it bundles`,
    ]);
  };
  const module = { exports: {} as Record<string, unknown> };
  try {
    // The file's address names it in a stack trace of its own errors.
    new Function("require", "module", "exports", `${code}\n//# sourceURL=${pathToFileURL(file).href}`)(
      require,
      module,
      module.exports,
    );
  } catch (cause) {
    if (isPortfolioError(cause)) throw cause;
    throw portfolioError("OverrideInvalid", [row.file, `it threw when loaded: ${describeThrown(cause)}`], { cause });
  }
  return module.exports;
}

/** The component an override exports: as the name it replaces, or as its default export. */
function componentOf(row: Overridable, exports: Record<string, unknown>): ComponentType<never> {
  const component = exports[row.name] ?? exports.default;
  if (typeof component !== "function")
    throw portfolioError("OverrideInvalid", [
      row.file,
      `it exports no component ${row.name}: expected \`export function ${row.name}(props)\` or a default export`,
    ]);
  return component as ComponentType<never>;
}

/**
 * What an owner's component threw while rendering, with the file it came from: render-pages.ts
 * adds the page's route and reports it as the owner's error, not the engine's.
 */
export class OverrideThrew extends Error {
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`${file} threw while rendering: ${describeThrown(cause)}`);
  }
}

/** The override, with what it throws while rendering marked as the owner's file's. */
function attributed(row: Overridable, component: ComponentType<never>): ComponentType<never> {
  const render = component as (props: object) => React.ReactNode;
  const isClass = Boolean((component as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent);
  if (isClass) return component;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per build for each override, not on each render.
  const Attributed = (props: object) => {
    try {
      return render(props);
    } catch (cause) {
      if (cause instanceof OverrideThrew) throw cause;
      throw new OverrideThrew(row.file, cause);
    }
  };
  Attributed.displayName = row.name;
  return Attributed as ComponentType<never>;
}
