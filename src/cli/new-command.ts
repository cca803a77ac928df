import path from "node:path";
import { Argument, Command } from "commander";
import pc from "picocolors";
import { loadConfig } from "../config/load-config.js";
import { freeSlug, scaffoldEntry, scaffoldFolders, type ScaffoldKind } from "../content/scaffold.js";
import { portfolioError } from "../errors.js";
import { checkContentTargets, contentFolderToWrite, writeContentFile } from "../project/content-writer.js";
import { listFolder } from "../project/project-files.js";
import type { CommandIo } from "./command-io.js";
import { printable } from "../terminal/printable.js";

/** `portfolio new post "<title>"`: a new content file with every field, never over an existing one. */
export function makeNewCommand(io: CommandIo): Command {
  return new Command("new")
    .description("Write a new post or project into content/, with every field explained")
    .addArgument(new Argument("<kind>", "what to write").choices(["post", "project"]))
    .argument("<title>", "its title, in quotes")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option("--folder", "write it as a folder (<slug>/index.md), to keep its images beside it")
    .action(async (kind: ScaffoldKind, title: string, options: { config: string; folder?: boolean }) => {
      if (!title.trim())
        throw portfolioError("OptionInvalid", [
          "title",
          "an empty title: expected the post's or project's title, in quotes",
        ]);
      const { config, root } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
      const content = await contentFolderToWrite(root);
      const folder = scaffoldFolders[kind];
      const listed = await listFolder(content, folder);
      if ("problem" in listed)
        throw portfolioError("ContentTargetUnsafe", [`content/${folder} is not valid:\n  - ${listed.problem}`]);
      // A file's name and a folder's are both taken: `atlas.md` and `atlas/index.md` would be one entry.
      const taken = new Set(listed.names.map((name) => name.replace(/\.md$/, "")));
      const slug = freeSlug(title.trim(), kind, taken);
      const relative = options.folder ? `${folder}/${slug}/index.md` : `${folder}/${slug}.md`;
      await checkContentTargets(content, [relative]);
      const today = new Date().toISOString().slice(0, 10);
      // Never over an existing file: one that appeared since the folder was read is not replaced.
      await writeContentFile(
        root,
        relative,
        scaffoldEntry(kind, title.trim(), config, today, { folder: Boolean(options.folder) }),
      );
      const file = path.join(root, "content", relative);
      io.log(
        `${pc.green("✓")} Wrote ${printable(path.relative(io.cwd, file))}${kind === "post" ? pc.dim("  (a draft: remove draft: true to publish it)") : ""}`,
      );
    });
}
