import { Command, CommanderError } from "commander";
import { packageVersion } from "../package-root.js";
import { makeBuildCommand } from "./build-command.js";
import type { CommandIo } from "./command-io.js";
import { makeCheckCommand } from "./check-command.js";
import { makeCvCommand } from "./cv-command.js";
import { makeDevCommand } from "./dev-command.js";
import { makeEjectCommand } from "./eject-command.js";
import { makeHostCommand } from "./host-command.js";
import { makeImportCommand } from "./import-command.js";
import { makeInitCommand } from "./init-command.js";
import { makeNewCommand } from "./new-command.js";
import { terminalSafe } from "../terminal/printable.js";
import { formatError } from "../terminal/report-error.js";
import { makeServeCommand } from "./serve-command.js";
import { makeUpgradeCommand } from "./upgrade-command.js";

/** What `portfolio --help` ends with (and docs/cli.md shows). */
export const programExamples = [
  "",
  "Examples:",
  "  $ portfolio init my-site               start a new site in my-site/ (asks your name, title, e-mail)",
  "  $ portfolio dev --open                 work on the site: pages update as you save",
  '  $ portfolio new post "My first post"   write content/blog/my-first-post.md',
  "  $ portfolio import resume.json         turn a JSON Resume into content/",
  "  $ portfolio check                      validate everything and check every link, writing nothing",
  "  $ portfolio build                      build the site into dist/",
  "  $ portfolio build --base /portfolio/   for a site served under /portfolio/",
  "  $ portfolio host netlify               add the settings Netlify needs (github, cloudflare, vercel, static)",
  "  $ portfolio check --host netlify       read dist/ as Netlify serves it: fail on an address it would not answer",
  "  $ portfolio serve --open               preview dist/ on http://127.0.0.1:8080/ and open it",
  "  $ portfolio cv                         print the Resume page to the CV PDF in public/",
  "  $ portfolio upgrade                    after npm update: show what the new version changes (a diff)",
  "  $ portfolio upgrade --write            write those changes (git must show no uncommitted change)",
  "  $ portfolio eject templates/page.html  copy the default page shell into the site, to change it",
  "  $ portfolio eject --list               the components and files you can replace or wrap",
].join("\n");

export function makeProgram(io: CommandIo): Command {
  const program = new Command("portfolio")
    .description("Build and serve a developer's portfolio site from portfolio.config.ts and content/.")
    .version(packageVersion(), "-v, --version", "print the version")
    .helpOption("-h, --help", "show help")
    .showHelpAfterError("(run portfolio --help to see the commands and options)")
    .configureOutput({ writeOut: (text) => io.log(text.trimEnd()), writeErr: (text) => io.warn(text.trimEnd()) })
    .addHelpText("after", programExamples)
    .exitOverride();
  program.addCommand(makeInitCommand(io));
  program.addCommand(makeDevCommand(io));
  program.addCommand(makeBuildCommand(io));
  program.addCommand(makeCheckCommand(io));
  program.addCommand(makeHostCommand(io));
  program.addCommand(makeNewCommand(io));
  program.addCommand(makeImportCommand(io));
  program.addCommand(makeServeCommand(io));
  program.addCommand(makeCvCommand(io));
  program.addCommand(makeUpgradeCommand(io));
  program.addCommand(makeEjectCommand(io));
  for (const command of program.commands) {
    command
      .exitOverride()
      .showHelpAfterError("(run portfolio --help to see the commands and options)")
      .configureOutput({ writeOut: (text) => io.log(text.trimEnd()), writeErr: (text) => io.warn(text.trimEnd()) });
  }
  return program;
}

/** Runs the CLI and answers its exit code: 0 when all went well, 1 for any mistake or failure. */
export async function runCli(argv: string[], given: CommandIo): Promise<number> {
  const io = terminalIo(given);
  const program = makeProgram(io);
  try {
    await program.parseAsync(argv, { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // commander has already printed its message (unknown option, --help, --version).
      return error.exitCode === 0 ? 0 : 1;
    }
    io.warn(formatError(error, io.cwd));
    return 1;
  }
}

/** Every line any command prints passes through here: no control sequence reaches the terminal raw. */
function terminalIo(io: CommandIo): CommandIo {
  const status = io.status;
  return {
    ...io,
    log: (text) => io.log(terminalSafe(text)),
    warn: (text) => io.warn(terminalSafe(text)),
    status: status && ((text) => status(text === undefined ? undefined : terminalSafe(text))),
  };
}
