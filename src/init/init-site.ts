import { lstat } from "node:fs/promises";
import path from "node:path";
import { configSchema } from "../config/config-schema.js";
import { loadConfig } from "../config/load-config.js";
import { portfolioError } from "../errors.js";
import { locationOf, socialLinkLines } from "../import/config-snippet.js";
import { importResume, type ImportResult } from "../import/import-resume.js";
import { readResumeFile } from "../import/read-resume-file.js";
import type { JsonResume } from "../json-resume/json-resume-schema.js";
import { contentWrittenOf, currentFormat, writeSiteRecord } from "../project/site-record.js";
import { avatarSvg } from "./avatar-svg.js";
import { collectAnswers, type AnswerField, type Asker, type InitAnswers } from "./init-answers.js";
import type { ArchiveFile } from "./archive-rules.js";
import { startRepository, type Author, type GitStart } from "./first-commit.js";
import { configOwnerName, readSample, type SampleSource } from "./sample-files.js";
import { sitePackageJson, starterFiles, type StarterValues } from "./starter-files.js";
import { checkTarget, stageSite, writeStaged } from "./write-new-site.js";
import { withPreset } from "../deploy/apply-preset.js";
import type { PresetName } from "../deploy/host-files.js";
import type { ThemeInitial } from "../config/theme-initials.js";

export interface InitOptions {
  /** The folder paths are relative to. */
  cwd: string;
  env: Record<string, string | undefined>;
  /** The new site's folder. @default the working folder */
  dir?: string | undefined;
  /** Answers given as flags. */
  flags: Partial<Record<AnswerField, string | undefined>>;
  /** How to ask on a terminal; undefined asks nothing (no terminal, or --yes). */
  ask?: Asker | undefined;
  /** Write into a folder that is not empty, keeping every file that is there. @default false */
  force?: boolean | undefined;
  /**
   * Copy the sample site instead of the skeleton: true for the one that goes with this version, or a tarball or folder.
   */
  sample?: true | string | undefined;
  /** A JSON Resume to import into the new site. */
  from?: string | undefined;
  /** Today, as YYYY-MM-DD (for the draft post's date). @default today */
  today?: string | undefined;
  /** The host whose settings the site gets (deploy/host-files.ts). @default "github" */
  host?: PresetName | undefined;
  /** The site's first theme (`theme.initial`), given as a flag; asked otherwise. */
  theme?: ThemeInitial | undefined;
  /** Make the new site a git repository with a first commit (where git is installed). @default true */
  git?: boolean | undefined;
}

export interface InitResult {
  root: string;
  /** The site's folder as the owner named it, relative to the working folder ("." for it). */
  shown: string;
  /** Undefined for a sample whose config does not give the owner's name as plain text. */
  ownerName: string | undefined;
  /** Files written, relative to the site, with forward slashes. */
  written: string[];
  /** Files that were there already and were left as they were (only with --force). */
  kept: string[];
  imported?: ImportResult | undefined;
  /**
   * With --sample: whether the owner gave it (a tarball or folder from anywhere, not the one that
   * goes with this version), and the version-control folders (`.git`) in it, which were not copied.
   */
  sample?: { given: boolean; leftOut: string[] } | undefined;
  /** Whether the site became a git repository with a first commit, and if not, why. */
  git: GitStart;
}

/**
 * `portfolio init`: a new site that depends on this version of the engine. Everything is checked
 * and asked first, then the site is written into a folder beside the target and moved in whole;
 * undefined when the owner cancelled a question (nothing is written then).
 */
export async function initSite(options: InitOptions): Promise<InitResult | undefined> {
  const root = path.resolve(options.cwd, options.dir ?? ".");
  const shown = path.relative(options.cwd, root) || ".";
  await checkTarget(root, shown, options.force ?? false);
  if (options.sample !== undefined) return initFromSample(options, root, shown);
  const resume = options.from === undefined ? undefined : (await readResumeFile(options.cwd, options.from)).resume;
  const answers = await collectAnswers(
    {
      flags: options.flags,
      fromResume: resume && { values: basicsAnswers(resume), source: options.from! },
      theme: options.theme,
    },
    options.ask,
  );
  if (!answers) return undefined;

  const staged = await stageSite(root, shown);
  try {
    const values = starterValues(answers, resume, options.today);
    const starter = forHost(
      options.host,
      path.basename(root),
      await starterFiles(values, { withResume: !resume, withProjects: !resume?.projects?.length }),
    );
    await writeStaged(staged.folder, starter);
    // The generated config is loaded as every build will load it: a mistake is found now.
    const { config } = await loadConfig({ cwd: staged.folder, env: {} });
    await writeStaged(staged.folder, [
      packageJsonFile(path.basename(root), config.owner.name),
      { path: "public/images/avatar.svg", contents: Buffer.from(avatarSvg(config.owner.name)) },
    ]);
    await writeSiteRecord(staged.folder, {
      format: currentFormat,
      overrides: {},
      wrapped: [],
      written: contentWrittenOf(starter),
    });
    const imported =
      resume &&
      (await importResume({ cwd: options.cwd, file: options.from!, root: staged.folder, config, force: true }));
    const placed = await staged.place();
    const git = await gitStart(options, root, { name: config.owner.name, email: answers.email });
    return { root, shown, ownerName: config.owner.name, ...placed, imported, git };
  } finally {
    await staged.remove();
  }
}

/**
 * `portfolio init --sample`: the sample's config, content and public files, with the rest of the
 * starter. The sample's config is code the owner has not read yet, so init never runs it: the
 * owner's name is read from its text, and the first build is the first to run it.
 */
async function initFromSample(options: InitOptions, root: string, shown: string): Promise<InitResult> {
  const source = await sampleSource(options);
  refuseAnswersWithSample(options);
  const sample = await readSample(source, options);
  const config = sample.files.find((file) => file.path === "portfolio.config.ts")!;
  const ownerName = configOwnerName(config.contents.toString("utf8"));
  const staged = await stageSite(root, shown);
  try {
    await writeStaged(staged.folder, sample.files);
    await writeStaged(
      staged.folder,
      forHost(options.host, path.basename(root), await sampleExtras(path.basename(root), ownerName, sample.files)),
    );
    await writeSiteRecord(staged.folder, {
      format: currentFormat,
      overrides: {},
      wrapped: [],
      written: contentWrittenOf(sample.files),
    });
    const placed = await staged.place();
    const git = await gitStart(options, root, undefined);
    const given = source.kind === "path";
    return { root, shown, ownerName, ...placed, sample: { given, leftOut: sample.leftOut }, git };
  } finally {
    await staged.remove();
  }
}

/** The first commit, unless the owner said --no-git. */
function gitStart(options: InitOptions, root: string, author: Author | undefined): Promise<GitStart> {
  return options.git === false ? Promise.resolve({ kind: "skipped" }) : startRepository(root, options.env, author);
}

/** The starter's files with the host's settings (the GitHub workflow for `github`, the default). */
function forHost(host: PresetName | undefined, folderName: string, files: ArchiveFile[]): ArchiveFile[] {
  const texts = files.map((file) => ({ path: file.path, contents: file.contents.toString("utf8") }));
  const chosen = withPreset(host ?? "github", { base: "/", embedding: "none", name: folderName }, texts);
  const byPath = new Map(files.map((file) => [file.path, file]));
  return chosen.map((file) => {
    const original = byPath.get(file.path);
    return original && original.contents.toString("utf8") === file.contents
      ? original
      : { path: file.path, contents: Buffer.from(file.contents) };
  });
}

function packageJsonFile(folderName: string, ownerName: string): ArchiveFile {
  return { path: "package.json", contents: Buffer.from(sitePackageJson(folderName, ownerName)) };
}

/**
 * What a sample site gets beside its config, content and photo: package.json and the rest of the
 * starter (README, .gitignore, the deploy workflow), about the sample's owner, or about the folder
 * when the config does not say the owner's name plainly.
 */
async function sampleExtras(
  folderName: string,
  ownerName: string | undefined,
  sampleFiles: ArchiveFile[],
): Promise<ArchiveFile[]> {
  const name = ownerName ?? folderName;
  // The starter's config is left out: its theme is not the sample's.
  const starter = await starterFiles({ name, jobTitle: "-", email: "-", theme: "light", today: today() });
  const taken = new Set(sampleFiles.map((file) => file.path));
  return [
    packageJsonFile(folderName, name),
    ...starter.filter(
      (file) =>
        !taken.has(file.path) &&
        file.path !== "portfolio.config.ts" &&
        !file.path.startsWith("content/") &&
        !file.path.startsWith("public/"),
    ),
  ];
}

async function sampleSource(options: InitOptions): Promise<SampleSource> {
  if (options.sample === true) return { kind: "own" };
  const given = options.sample!;
  if (options.dir === undefined && !(await lstat(path.resolve(options.cwd, given)).catch(() => undefined)))
    throw portfolioError("SampleInvalid", [given, "there is no such file or folder"], {
      hint: `To copy the sample into a new folder ${given}, name the folder first: portfolio init ${given} --sample. Nothing was written.`,
    });
  return { kind: "path", path: given };
}

/** The sample is Maya Okafor's site as it is: answers about its owner have no place in it. */
function refuseAnswersWithSample(options: InitOptions): void {
  const given = Object.entries({ ...options.flags, theme: options.theme }).find(([, value]) => value !== undefined);
  const conflict =
    options.from !== undefined ? "--from" : given && `--${given[0].replace(/[A-Z]/g, "-$&").toLowerCase()}`;
  if (conflict)
    throw portfolioError("OptionInvalid", [
      conflict,
      "cannot be used with --sample, which copies the sample site as it is: start from the sample and edit portfolio.config.ts, or leave out --sample",
    ]);
}

/** The résumé's basics, as suggestions for the answers the flags do not give. */
function basicsAnswers(resume: JsonResume): Partial<Record<AnswerField, string>> {
  const basics = resume.basics;
  return { name: basics?.name, jobTitle: basics?.label, email: basics?.email, url: basics?.url };
}

const socialUrl = configSchema.shape.social.element.shape.url;

function starterValues(answers: InitAnswers, resume: JsonResume | undefined, date: string | undefined): StarterValues {
  const basics = resume?.basics;
  // Only profiles whose address the config takes (http(s), mailto:, tel:) become social links.
  const profiles = (basics?.profiles ?? []).filter(
    (profile) => profile.url && socialUrl.safeParse(profile.url).success,
  );
  return {
    ...answers,
    phone: basics?.phone,
    location: locationOf(basics?.location),
    social: basics ? socialLinkLines({ ...basics, profiles }) : undefined,
    today: date ?? today(),
  };
}

function today(): string {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
