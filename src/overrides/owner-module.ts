import { builtinModules, createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import * as React from "react";
import * as jsxRuntime from "react/jsx-runtime";
import * as engine from "../config/define-config.js";
import { describeThrown, isPortfolioError } from "../errors.js";
import { packageRoot } from "../package-root.js";
import { componentsModule } from "./overridable.js";
import * as publicComponents from "./public-components.js";

/** A file of the owner's compiled and run: what it exports, the files it was made from, the CSS it imports. */
export interface OwnerModule {
  exports: Record<string, unknown>;
  /** Every file it was compiled from, absolute. */
  inputs: string[];
  css: string[];
}

/**
 * What is wrong with an owner's file, as the error of its kind says it (`OverrideInvalid`,
 * `ContentComponentInvalid`).
 */
export type OwnerFileProblem = (where: string, reason: string, cause?: unknown) => Error;

/** The package an owner's files import `field` from: the running engine's own, as for the config. */
const enginePackage = "portfolio-ssg";

const nodeModules = builtinModules.flatMap((name) => [name, `node:${name}`]);

/**
 * One of the owner's components (`components/ProjectCard.tsx`, `components/content/Stat.tsx`), the
 * owner's code like the config: compiled by esbuild with what it imports and run at build time.
 * React, `portfolio-ssg` and `portfolio-ssg/components` are the running engine's own, so it renders
 * in the same tree as the defaults it wraps and its `field`s are the engine's.
 */
export async function compileOwnerModule(root: string, label: string, invalid: OwnerFileProblem): Promise<OwnerModule> {
  const { build } = await import("esbuild");
  const file = path.join(root, ...label.split("/"));
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
    external: ["react", "react/*", "react-dom", "react-dom/*", componentsModule, enginePackage, ...nodeModules],
    loader: { ".css": "css", ".svg": "text" },
  }).catch(
    (cause: { errors?: Array<{ text: string; location?: { file: string; line: number; column: number } | null }> }) => {
      const first = cause.errors?.[0];
      const where = first?.location ? `${first.location.file}:${first.location.line}:${first.location.column}` : label;
      throw invalid(where, first?.text ?? describeThrown(cause), cause);
    },
  );
  const code = compiled.outputFiles.find((output) => output.path.endsWith(".js"))?.text ?? "";
  return {
    exports: runModule(label, file, code, invalid),
    inputs: Object.keys(compiled.metafile.inputs).map((input) => path.resolve(root, input)),
    css: compiled.outputFiles.filter((output) => output.path.endsWith(".css")).map((output) => output.text),
  };
}

/** Runs a compiled file, its imports of React and of the engine answered by the running engine's own modules. */
function runModule(label: string, file: string, code: string, invalid: OwnerFileProblem): Record<string, unknown> {
  const ownRequire = createRequire(file);
  const engineModules: Record<string, unknown> = {
    react: React,
    "react/jsx-runtime": jsxRuntime,
    [componentsModule]: publicComponents,
    [enginePackage]: engine,
  };
  const require = (specifier: string) => {
    if (specifier in engineModules) return engineModules[specifier];
    if (nodeModules.includes(specifier)) return ownRequire(specifier);
    throw invalid(
      label,
      `it imports ${specifier}, which a component of the site cannot use: import React, ${componentsModule}, Node's own modules, or a package it bundles`,
    );
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
    throw invalid(label, `it threw when loaded: ${describeThrown(cause)}`, cause);
  }
  return module.exports;
}
