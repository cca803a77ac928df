#!/usr/bin/env node
// Compiles the TypeScript CLI once into .portfolio/cli.js, so `portfolio` starts without compiling.
// Runs on `npm install` (prepare) and again by bin/portfolio.js whenever src/ has changed since.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

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

export async function compileCli() {
  const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  const external = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})]
    .filter((name) => !bundled.has(name))
    .flatMap((name) => [name, `${name}/*`]);
  await build({
    entryPoints: [path.join(root, "src", "cli", "index.ts")],
    outfile: compiledCli,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    jsx: "automatic",
    // React's production build: server rendering without development checks, and only one copy parsed.
    define: { "process.env.NODE_ENV": '"production"' },
    external,
    logLevel: "warning",
    // Bundled CommonJS packages (react-dom, commander) call require for Node's own modules.
    banner: {
      js: '// Compiled from src/ by bin/compile-cli.js: edit the sources, not this file.\nimport { createRequire as __portfolioRequire } from "node:module";\nconst require = __portfolioRequire(import.meta.url);',
    },
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await compileCli();
}
