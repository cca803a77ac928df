/**
 * docs/cli.md: every command's help, as `portfolio <command> --help` prints it, so the page cannot
 * say something the CLI does not (tests/docs.test.ts fails when the file is older than the CLI).
 */
import type { Command } from "commander";
import { makeProgram, programExamples } from "../../src/cli/main.js";

// A fixed width, so the page does not change with the terminal that wrote it.
const helpWidth = 100;

function quietProgram(): Command {
  const ignore = () => {};
  return makeProgram({ cwd: process.cwd(), env: {}, log: ignore, warn: ignore });
}

function helpOf(command: Command): string {
  command.configureHelp({ helpWidth });
  // commander prints the text added after the help only when it is asked for help, not here.
  return command.helpInformation().trimEnd();
}

/** The program and its commands, depth first, each with its full name (`portfolio new`). */
function commandsOf(command: Command, prefix = ""): Array<{ name: string; command: Command }> {
  const name = prefix ? `${prefix} ${command.name()}` : command.name();
  return [{ name, command }, ...command.commands.flatMap((child) => commandsOf(child, name))];
}

export function cliReference(): string {
  const program = quietProgram();
  const commands = commandsOf(program).slice(1);
  const lines = [
    "# The command line",
    "",
    "<!-- Written by `npm run docs` from the CLI's own help (scripts/docs/cli-reference.ts): edit the commands, not this page. -->",
    "",
    "Every command runs in the site's folder (the one with `portfolio.config.ts`), as `npx portfolio <command>` or through the site's `npm run` scripts. Each exits 0 when all went well and 1 for any mistake, which it explains.",
    "",
    ...commands.map(
      ({ name }) => `- [\`${name}\`](#${name.replaceAll(" ", "-")}): ${commandDescription(program, name)}`,
    ),
    "",
    "```text",
    helpOf(program),
    programExamples.trimEnd(),
    "```",
  ];
  for (const { name, command } of commands) {
    lines.push("", `## ${name}`, "", "```text", helpOf(command), "```");
  }
  return `${lines.join("\n")}\n`;
}

function commandDescription(program: Command, name: string): string {
  const found = commandsOf(program).find((entry) => entry.name === name);
  return found?.command.description() ?? "";
}
