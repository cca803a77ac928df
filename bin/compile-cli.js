#!/usr/bin/env node
// Compiles the TypeScript CLI once into .portfolio/cli.js (and the card thread's .portfolio/card-worker.js),
// so `portfolio` starts without compiling.
// bin/portfolio.js runs it on first use and again whenever src/ has changed since (the suite's
// global setup runs it once before any test file).
// With --package (npm pack's prepack) it writes what the package ships instead: lib/cli.js, and
// lib/index.js with lib/index.d.ts, the `defineConfig` an owner's portfolio.config.ts imports, and
// lib/sample/, the sample site `portfolio init --sample` copies.
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const compiledCli = path.join(root, ".portfolio", "cli.js");

// Icon packages are bundled so only the icons the site draws are loaded; the rest stay in node_modules.
const bundled = new Set([
  "lucide-react",
  "simple-icons",
  "zod",
  "react",
  "react-dom",
  "commander",
  "picocolors",
  "@jsonresume/schema",
  "saxes",
]);

export const libFolder = path.join(root, "lib");

/**
 * zod's namespace object carries its messages in some 60 languages (`z.locales`), which esbuild
 * cannot leave out of it: 360 kB of the CLI that every command loaded. portfolio writes its own
 * messages (src/validate.ts) and zod's default is English, so `z.locales` is English alone.
 */
const englishZod = {
  name: "portfolio-english-zod",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]zod[\\/]v4[\\/](classic|core|mini)$/.test(args.resolveDir)
        ? { path: path.join(args.resolveDir, "..", "locales", "en.js"), namespace: "portfolio-english-zod" }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "portfolio-english-zod" }, (args) => ({
      contents: `export { default as en } from ${JSON.stringify(args.path)};\n`,
      resolveDir: path.dirname(args.path),
      loader: "js",
    }));
  },
};

export async function compileCli(outfile = compiledCli) {
  // Loaded here, not at the top: bin/portfolio.js imports this file on every run to find the CLI.
  const { build } = await import("esbuild");
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const external = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]
    .filter((name) => !bundled.has(name))
    .flatMap((name) => [name, `${name}/*`]);
  // Split into chunks loaded as a command needs them: `portfolio --version` or a build with nothing
  // to do loads neither React nor Shiki. Chunks are named by their content, so a process still
  // running an earlier compile finds its own beside the new ones.
  await build({
    // The thread that draws a long blog's post cards (src/theme/post-card-thread.ts) is an entry of its own
    // beside the CLI, sharing its chunks: it runs the same painter, compiled once.
    entryPoints: {
      [path.basename(outfile, ".js")]: path.join(root, "src", "cli", "index.ts"),
      "card-worker": path.join(root, "src", "theme", "card-worker.ts"),
    },
    outdir: path.dirname(outfile),
    splitting: true,
    chunkNames: "cli-chunks/[name]-[hash]",
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    // React's production build: server rendering without development checks, and only one copy parsed.
    define: { "process.env.NODE_ENV": '"production"' },
    external,
    plugins: [englishZod],
    logLevel: "warning",
    // Bundled CommonJS packages (react-dom, commander) call require for Node's own modules.
    banner: {
      js: '// Compiled from src/ by bin/compile-cli.js: edit the sources, not this file.\nimport { createRequire as __portfolioRequire } from "node:module";\nconst require = __portfolioRequire(import.meta.url);',
    },
  });
}

/** The sample site in the package, as the repository holds it: init --sample copies it from there, offline. */
export const packagedSample = path.join(libFolder, "sample");

/** lib/ of the package: the compiled CLI, defineConfig with its types for owners' configs, and the sample site. */
export async function compilePackage() {
  const { build } = await import("esbuild");
  rmSync(packagedSample, { recursive: true, force: true });
  for (const part of ["portfolio.config.ts", "content", "public"])
    cpSync(path.join(root, part), path.join(packagedSample, part), { recursive: true });
  rmSync(path.join(libFolder, "cli-chunks"), { recursive: true, force: true });
  await compileCli(path.join(libFolder, "cli.js"));
  const source = path.join(root, "src", "config", "define-config.ts");
  await build({
    entryPoints: [source],
    outfile: path.join(libFolder, "index.js"),
    platform: "neutral",
    format: "esm",
    target: "node20",
    logLevel: "warning",
  });
  // define-config.ts declares every type it exports, so its declarations need no type checking.
  const { default: ts } = await import("typescript");
  const declarations = ts.transpileDeclaration(readFileSync(source, "utf8"), {
    fileName: "index.ts",
    compilerOptions: { isolatedDeclarations: true },
    reportDiagnostics: true,
  });
  if (declarations.diagnostics?.length) {
    throw new Error(ts.formatDiagnostics(declarations.diagnostics, ts.createCompilerHost({})));
  }
  mkdirSync(libFolder, { recursive: true });
  writeFileSync(path.join(libFolder, "index.d.ts"), declarations.outputText);
  emitComponentTypes(ts);
}

/**
 * The types of `portfolio-ssg/components`, which an owner's components import (the engine answers
 * the import itself at build time, src/overrides/load-overrides.ts): declarations of the public
 * module and of every source file it reaches, under lib/types/ as they are under src/.
 */
function emitComponentTypes(ts) {
  const typesFolder = path.join(libFolder, "types");
  rmSync(typesFolder, { recursive: true, force: true });
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(root, "tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  const program = ts.createProgram([path.join(root, "src", "overrides", "public-components.ts")], {
    ...config.options,
    noEmit: false,
    declaration: true,
    emitDeclarationOnly: true,
    declarationMap: false,
    sourceMap: false,
    rootDir: path.join(root, "src"),
    outDir: typesFolder,
  });
  const emitted = program.emit();
  if (emitted.emitSkipped || emitted.diagnostics.length) {
    throw new Error(ts.formatDiagnostics(emitted.diagnostics, ts.createCompilerHost({})));
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes("--package")) await compilePackage();
  else await compileCli();
}
