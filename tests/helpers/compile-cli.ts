// Before any test file: the CLI tests run bin/portfolio.js, which runs the compiled CLI, so it is
// compiled once, fresh; and the sample site is built once, for the build cache that copies of it
// may start with (see warm-cache.ts).
import { compileCli } from "../../bin/compile-cli.js";
import { prepareWarmCache } from "./warm-cache.js";

export default async function setup(): Promise<void> {
  await compileCli();
  await prepareWarmCache();
}
