/**
 * The card thread run from the sources (tsx, vitest): card-worker.ts, compiled by tsx as it is loaded. The
 * compiled CLI runs its own copy, card-worker.js beside it (bin/compile-cli.js), and never this file, which
 * the package does not ship: tsx is a tool of the repository, not a dependency of the package.
 */
import { tsImport } from "tsx/esm/api";

await tsImport("./card-worker.ts", import.meta.url);
