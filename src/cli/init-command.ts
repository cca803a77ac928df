import path from "node:path";
import { Command, CommanderError, Option } from "commander";
import { presetNames, type PresetName } from "../deploy/host-files.js";
import pc from "picocolors";
import { answerFields, themeQuestion, type AnswerField } from "../init/init-answers.js";
import { themeInitials, type ThemeInitial } from "../config/theme-initials.js";
import type { InitResult } from "../init/init-site.js";
import type { CommandIo } from "./command-io.js";
import { formatImport } from "./import-command.js";
import { printable } from "../terminal/printable.js";

interface InitFlags {
  name?: string;
  jobTitle?: string;
  email?: string;
  url?: string;
  yes?: boolean;
  force?: boolean;
  sample?: true | string;
  from?: string;
  host?: PresetName;
  theme?: ThemeInitial;
  git?: boolean;
}

/** `portfolio init [dir]`: a new site that depends on this version of portfolio-ssg. */
export function makeInitCommand(io: CommandIo): Command {
  return new Command("init")
    .description("Start a new site in a new folder: config, a first draft of the content, and how to deploy it")
    .argument("[dir]", "the new site's folder (default: this folder)")
    .option("--name <name>", "your name, as the site shows it")
    .option("--job-title <title>", "your job title, shown under your name")
    .option("--email <address>", "your e-mail address")
    .option("--url <address>", "the site's address, e.g. https://ada.dev (optional)")
    .option("-y, --yes", "ask nothing: take the answers from the flags (and --from)")
    .option("--sample [tarball-or-folder]", "copy the sample site (Maya Okafor's) instead of the first draft")
    .option("--from <resume.json>", "import a JSON Resume: your résumé, and the answers the flags do not give")
    .option("--no-git", "do not make the site a git repository (portfolio upgrade needs one)")
    .option("-f, --force", "write into a folder that is not empty (a file that is there is kept, never replaced)")
    .addOption(
      new Option("--host <name>", "where the site will be published: the settings that host needs")
        .choices(presetNames)
        .default("github"),
    )
    .addOption(
      new Option(
        "--theme <initial>",
        `the theme a visitor's first page is drawn in (asked; "${themeQuestion.suggested}" with --yes)`,
      ).choices(themeInitials),
    )
    .action(async (dir: string | undefined, options: InitFlags) => {
      const flags = Object.fromEntries(answerFields.map((field) => [field, options[field]])) as Record<
        AnswerField,
        string | undefined
      >;
      const { initSite } = await import("../init/init-site.js");
      const result = await initSite({
        cwd: io.cwd,
        env: io.env,
        dir,
        flags,
        ask: options.yes ? undefined : io.ask,
        force: options.force,
        sample: options.sample,
        from: options.from,
        host: options.host,
        theme: options.theme,
        git: options.git,
      });
      if (!result) {
        io.warn(`${pc.yellow("■")} Cancelled: nothing was written.`);
        throw new CommanderError(130, "portfolio.init.cancelled", "Cancelled");
      }
      io.log(formatInit(result, io.cwd, options.from));
    });
}

/** What was written, what was kept, what the import did, and the two commands to run next. */
export function formatInit(result: InitResult, cwd: string, from: string | undefined): string {
  const whose = result.ownerName === undefined ? "the sample" : `${printable(result.ownerName)}'s`;
  const lines = [
    `${pc.green("✓")} Started ${whose} site in ${printable(folderShown(result.shown))}: ${result.written.length} files`,
  ];
  if (result.sample?.leftOut.length)
    lines.push(
      "",
      `${pc.yellow("!")} Left out of the sample: version-control data, which init never copies (git would run commands it names):`,
      ...result.sample.leftOut.map((file) => `  - ${printable(file)}`),
    );
  if (result.kept.length) {
    lines.push(
      "",
      `${pc.yellow("!")} These were there already and are left as they were (init never replaces a file):`,
      ...result.kept.map((file) => `  - ${printable(file)}`),
    );
    if (result.kept.includes("package.json"))
      lines.push(
        `  Add portfolio-ssg to that package.json: npm install portfolio-ssg, and scripts such as "dev": "portfolio dev", "build": "portfolio build".`,
      );
  }
  if (result.imported && from) lines.push("", formatImport({ ...result.imported, snippet: undefined }, from));
  if (result.sample?.given)
    lines.push(
      "",
      `${pc.yellow("!")} portfolio.config.ts is the sample's code, and every build runs it (init has not): read it before npm run dev.`,
    );
  const git = gitLines(result);
  if (git.length) lines.push("", ...git);
  const where = path.relative(cwd, result.root);
  const enter = where ? `cd ${shellWord(where)} && ` : "";
  lines.push(
    "",
    "Next:",
    `  ${enter}npm install`,
    "  npm run dev",
    "",
    pc.dim(
      "Then edit portfolio.config.ts and content/: the page updates as you save. README.md says how to publish it.",
    ),
  );
  return lines.join("\n");
}

/** What init did about git, and what the owner does when it could not (portfolio upgrade needs a repository). */
function gitLines(result: InitResult): string[] {
  const make = `git init && git add -A && git commit -m "The site as init wrote it"`;
  switch (result.git.kind) {
    case "committed":
      return [`${pc.green("✓")} Made it a git repository, with a first commit of these files.`];
    case "inside":
      return [`${pc.dim("·")} It is inside the git repository at ${printable(result.git.top)}: commit it there.`];
    case "no-git":
      return [
        `${pc.yellow("!")} git is not installed, so this is not a git repository yet. portfolio upgrade needs one,`,
        `  to show its changes and undo them: install git, then in the site's folder: ${make}`,
      ];
    case "failed":
      return [
        `${pc.yellow("!")} The site is written, but it could not be made a git repository (${printable(result.git.reason)}).`,
        `  portfolio upgrade needs one: in the site's folder, ${make}`,
      ];
    case "skipped":
      return [];
  }
}

function folderShown(shown: string): string {
  return shown === "." ? "this folder" : `${shown.split(path.sep).join("/")}/`;
}

/** A path as one word of a POSIX shell command: quoted when it holds anything but plain characters. */
function shellWord(word: string): string {
  return /^[\w./@%+=:,-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
