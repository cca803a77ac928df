import { Command } from "commander";
import pc from "picocolors";
import { loadConfig } from "../config/load-config.js";
import type { ImportResult } from "../import/import-resume.js";
import { defaultSkillPercent, skillLevels } from "../json-resume/skill-levels.js";
import type { CommandIo } from "./command-io.js";
import { printable } from "../terminal/printable.js";

/** `portfolio import resume.json`: a JSON Resume turned into content/, never over a file without --force. */
export function makeImportCommand(io: CommandIo): Command {
  return new Command("import")
    .description("Turn a JSON Resume into content/ and print its basics as config to paste")
    .argument("<resume.json>", "a JSON Resume file (https://jsonresume.org)")
    .option("-c, --config <file>", "config file", "portfolio.config.ts")
    .option(
      "-f, --force",
      "replace the files import wrote before; one changed since is kept, the new version written beside it as <name>.imported.md",
    )
    .option(
      "--strict",
      "refuse the file when a value needs your decision (an ambiguous date), instead of importing the rest",
    )
    .action(async (file: string, options: { config: string; force?: boolean; strict?: boolean }) => {
      const { config, root } = await loadConfig({ cwd: io.cwd, env: io.env, file: options.config });
      const { importResume } = await import("../import/import-resume.js");
      const result = await importResume({
        cwd: io.cwd,
        file,
        root,
        config,
        force: options.force,
        strict: options.strict,
      });
      io.log(formatImport(result, file));
    });
}

/** What was written, how skill levels became bars, what had no place, and the config to paste. */
export function formatImport(result: ImportResult, file: string): string {
  const beside = new Set(result.besides.map((kept) => kept.file));
  const written = result.files.filter(({ file: one }) => !beside.has(one));
  const lines = [
    `${pc.green("✓")} Imported ${printable(file)}: wrote ${written.length} file${written.length === 1 ? "" : "s"}`,
    ...written.map(({ file: one }) => `  ${printable(one)}`),
  ];
  if (result.besides.length) {
    lines.push(
      "",
      pc.yellow(
        "Kept as they are, yours (changed since import wrote it, or not written by import); the new version is beside each, to compare and merge, then delete:",
      ),
      ...result.besides.map((kept) => `  - ${printable(kept.file)} → ${printable(kept.imported)}`),
    );
  }
  if (result.changes.length) {
    lines.push(
      "",
      `Read ${printable(file)} as JSON Resume v1:`,
      ...result.changes.map((line) => `  - ${printable(line)}`),
    );
  }
  if (result.skills.length) {
    const table = skillLevels.map((row) => `${row.words.map(capitalise).join("/")} ${row.percent}`).join(", ");
    lines.push(
      "",
      `Skill levels became bars (${table}; a percent as written; any other level or none: ${defaultSkillPercent}):`,
    );
    for (const skill of result.skills) {
      const level = skill.level === undefined ? "no level" : printable(JSON.stringify(skill.level));
      const how =
        skill.from === "default"
          ? pc.yellow(` (${skill.level === undefined ? "the default" : "not a known level: the default"})`)
          : "";
      const category = skill.categoryFound
        ? ""
        : pc.yellow(`, filed under ${printable(skill.category)}: no keyword names one of your skillCategories`);
      lines.push(`  ${printable(skill.name)}: ${level} → ${skill.percent}%${how}${category}`);
    }
  }
  if (result.leftOut.length) {
    lines.push(
      "",
      "Not imported (portfolio has no place for them):",
      ...result.leftOut.map((path) => `  - ${printable(path)}`),
    );
  }
  if (result.decisions.length) {
    lines.push(
      "",
      pc.yellow(
        `Needs your decision (the rest was imported; fix these in ${printable(file)} and import again with --force, or edit the files written):`,
      ),
      ...result.decisions.map(({ field, problem }) => `  - ${printable(field)}: ${printable(problem)}`),
    );
  }
  if (result.kept.length) {
    lines.push(
      "",
      `Kept, though not from ${printable(file)} (delete what is not yours, such as the sample's entries):`,
      ...result.kept.map((kept) => `  - ${printable(kept)}`),
    );
  }
  if (result.snippet) {
    lines.push(
      "",
      "Paste into portfolio.config.ts (it is yours: import never changes it):",
      "",
      printable(result.snippet),
    );
  }
  return lines.join("\n");
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
