import { open, mkdir, readdir } from "node:fs/promises";
import path from "node:path";
import { Argument, Command } from "commander";
import pc from "picocolors";
import { loadConfig } from "../config/load-config.js";
import { freeSlug, scaffoldEntry, scaffoldFolders, type ScaffoldKind } from "../content/scaffold.js";
import { describeThrown, portfolioError } from "../errors.js";
import type { CommandIo } from "./build-command.js";
import { printable } from "./printable.js";

/** `portfolio new post "<title>"`: a new content file with every field, never over an existing one. */
export function makeNewCommand(io: CommandIo): Command {
  return new Command("new")
    .description("Write a new post or project into content/, with every field explained")
    .addArgument(new Argument("<kind>", "what to write").choices(["post", "project"]))
    .argument("<title>", "its title, in quotes")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .action(async (kind: ScaffoldKind, title: string, options: { config: string }) => {
      if (!title.trim()) throw portfolioError("OptionInvalid", ["title", "an empty title: expected the post's or project's title, in quotes"]);
      const { config, root } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
      const folder = path.join(root, "content", scaffoldFolders[kind]);
      await mkdir(folder, { recursive: true });
      const taken = new Set((await readdir(folder)).filter((name) => name.endsWith(".md")).map((name) => name.slice(0, -3)));
      const slug = freeSlug(title.trim(), kind, taken);
      const file = path.join(folder, `${slug}.md`);
      const today = new Date().toISOString().slice(0, 10);
      // "wx": fails rather than replace a file that appeared since the folder was read.
      const handle = await open(file, "wx").catch((cause: unknown) => {
        throw portfolioError("OutputNotWritable", [file, describeThrown(cause)], { cause });
      });
      try {
        await handle.writeFile(scaffoldEntry(kind, title.trim(), config, today));
      } finally {
        await handle.close();
      }
      io.log(`${pc.green("✓")} Wrote ${printable(path.relative(io.cwd, file))}${kind === "post" ? pc.dim("  (a draft: remove draft: true to publish it)") : ""}`);
    });
}
