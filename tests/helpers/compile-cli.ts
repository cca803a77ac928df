// The CLI tests run bin/portfolio.js, which runs the compiled CLI: compile it once, fresh.
import { compileCli } from "../../bin/compile-cli.js";

export default async function setup(): Promise<void> {
  await compileCli();
}
