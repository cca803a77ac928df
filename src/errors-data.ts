/**
 * The catalogue of every error portfolio reports, in the spirit of Astro's `errors-data.ts`: each
 * has a name that never changes (so it can be searched for), a title, a message made from what
 * went wrong and where (the file, the field, the route), and a hint that says what to do.
 *
 * Errors marked `bug` are failures of portfolio itself, not of the owner's input: they are printed
 * with the route and the cause's stack, and ask to be reported.
 */
interface ErrorData {
  title: string;
  message: (...args: never[]) => string;
  hint?: string;
  bug?: true;
}

/**
 * Where a site made by `portfolio init` has the guide. Hints name its pages from there; the
 * terminal shows them from the owner's project instead (`localiseGuide` in terminal/report-error.ts).
 */
export const installedGuide = "node_modules/portfolio-ssg/docs/";
const guidePage = (page: string) => `${installedGuide}${page}`;

/**
 * BrokenLinks' hint when an image a post folder's text names is missing: a bare name there means a
 * file of the folder.
 */
export const folderImageHint =
  "An image of a post folder is named as the folder holds it, by its name alone, beside the post's text: put the file into the folder, or correct the name. Any other relative path means a file inside public/ or a page of the site.";

export const contentGuideHint = `Field formats are described in ${guidePage("content.md")}.`;
/** For content with a formula that fails: where math, and what a formula may cost, are described. */
/** For content with a directive that fails: where each directive and its attributes are described. */
export const directiveGuideHint = `${contentGuideHint} Directives (::video, ::youtube, :::details, …) and their attributes are described in ${guidePage("writing.md")} (Directives).`;
export const mathGuideHint = `${contentGuideHint} Formulas, and how long one may be and expand to, are described in ${guidePage("writing.md")} (Math).`;

export const errorsData = {
  ConfigNotFound: {
    title: "The config file does not exist",
    message: (file: string) => `Cannot find the config file ${file}.`,
    hint: "Create portfolio.config.ts in the project folder, or pass its path with --config <file>.",
  },
  ConfigLoadFailed: {
    title: "The config file cannot be loaded",
    message: (file: string, reason: string) => `${file} cannot be loaded: ${reason}`,
    hint: "The config is TypeScript that runs when you build: fix the error it reports, then build again.",
  },
  ConfigInvalid: {
    title: "The config has invalid fields",
    message: (report: string) => report,
    hint: `Each field is described in ${guidePage("configuration.md")}, and in the types of defineConfig, which your editor shows on hover.`,
  },
  OptionInvalid: {
    title: "A command-line option has an invalid value",
    message: (option: string, problem: string) => `${option}: ${problem}`,
    hint: "Run portfolio --help to see the options.",
  },
  ContentFolderMissing: {
    title: "There is no content folder",
    message: (root: string) => `There is no content/ folder beside the config in ${root}.`,
    hint: `Restore it from git (git checkout -- content/), or copy content/ from a new site made by portfolio init. Its files are described in ${guidePage("content.md")}.`,
  },
  ContentInvalid: {
    title: "Content files have invalid fields",
    message: (report: string) => report,
    hint: contentGuideHint,
  },
  PublicationsInvalid: {
    title: "A .bib file of content/publications/ cannot be read",
    message: (report: string) => report,
    hint: `Fix the entry at the line named (a missing comma or closing brace is the usual cause: your reference manager's export is read as written), or set publications: { strict: false } in the config to build the other entries and list the ones left out. Publications are described in ${guidePage("publications.md")}.`,
  },
  UnsafeFile: {
    title: "A file could run code or reach outside the project",
    message: (report: string) => report,
    hint: "content/ and public/ are published as data: keep every file (and every symbolic link's target) inside its folder, and put no scripts in them. public/ may hold images, fonts, documents and data; its SVG, MathML, HTML and XML files only plain drawing and text markup (no scripts, event handlers, embedded documents, entity declarations or references to other hosts). Export SVGs as plain SVG (Inkscape: Save As → Plain SVG, or run SVGO).",
  },
  HeadersUncovered: {
    title: "Files of public/ cannot be given their security headers",
    message: (report: string) => report,
    hint: "_headers gives every HTML, SVG and XML file of public/ a policy that keeps it from running scripts (Content-Security-Policy with sandbox), by its folder or its extension, within the 100 rules Cloudflare Pages reads. Nothing was written.",
  },
  AssetMissing: {
    title: "A file the config names is missing",
    message: (report: string) => report,
    hint: "Put the file into public/ or correct the path.",
  },
  VideoUnreadable: {
    title: "A video a text shows cannot be read",
    message: (report: string) => report,
    hint: `A ::video must name an MP4 or WebM file with a picture: its bytes are read for its width and height, whatever its name says. Export it again as MP4 (H.264) or WebM (VP9, AV1), or correct the path. Directives are described in ${guidePage("writing.md")} (Directives).`,
  },
  ImageUnreadable: {
    title: "An image cannot be read",
    message: (report: string) => report,
    hint: "Use a JPEG, PNG, WebP, AVIF, GIF or SVG file inside public/.",
  },
  BrokenLinks: {
    title: "Links or images point at files the site does not have",
    message: (report: string) => report,
    hint: "Put the missing files into public/, or correct the paths. A relative path means a file inside public/ or a page of the site.",
  },
  DeployOutputMissing: {
    title: "There is no built site to check",
    message: (outDir: string) =>
      `${outDir} does not exist: portfolio check --host reads the site as the build wrote it.`,
    hint: "Run portfolio build first (with the same --base the host serves the site under), then portfolio check --host <name>.",
  },
  DeployCheckFailed: {
    title: "The host would not answer every address of the site",
    message: (host: string, report: string) => `As ${host} serves dist/:\n${report}`,
    hint: "A link that answers with the 404 page usually means the site was built for another base path: build with --base set to the path the host serves it under (for a GitHub Pages project site, /<repository>/). Nothing was published.",
  },
  DeployDependencyOutside: {
    title: "The host could not install a dependency of the site",
    message: (host: string, report: string) => `As ${host} builds the site:\n${report}`,
    hint: "The host installs the site's dependencies from the registry, in a copy of the site's repository: a file: or link: path to anything outside the site is not there. Depend on the published version (npm install portfolio-ssg@latest), or commit the tarball inside the site and point package.json at it there. Nothing was published.",
  },
  TemplateInvalid: {
    title: "The page template is not valid",
    message: (file: string, problem: string) => `${file}: ${problem}`,
    hint: "templates/page.html may use the markers {{lang}}, {{head}} and {{body}}, each once.",
  },
  OutputNotWritable: {
    title: "The output folder cannot be written",
    message: (outDir: string, reason: string) => `Cannot write the site into ${outDir}: ${reason}`,
    hint: "Check that the folder's parent exists and is writable, or choose another with --out.",
  },
  OutputNotOurs: {
    title: "The output folder holds other files",
    message: (outDir: string, reason: string) => `Refusing to write the site into ${outDir}: ${reason}`,
    hint: "The build replaces its output folder as a whole. Choose an empty or new folder, such as dist/ (the default), or delete this one if it is an old build.",
  },
  PathIsLink: {
    title: "A file or folder portfolio writes or serves is a symbolic link",
    message: (use: string, target: string, link: string, to: string) =>
      `Refusing to ${use} ${target}: ${link} is a symbolic link (to ${to}).`,
    hint: "portfolio writes, serves and keeps its records only in real files and folders of the project, never through a symbolic link, so that a link (which a pull request or a downloaded site can bring) cannot send them elsewhere. Remove the link, or replace it with a real folder or file: dist/ and .portfolio/ are made anew by the next build. Nothing was written.",
  },
  ImportUnreadable: {
    title: "The file to import cannot be read",
    message: (file: string, reason: string) => `Cannot import ${file}: ${reason}.`,
    hint: "Name a JSON Resume file (https://jsonresume.org), e.g. portfolio import resume.json. Nothing was written.",
  },
  ImportInvalid: {
    title: "The JSON Resume to import is not valid",
    message: (report: string) => report,
    hint: "Each value is named by its path in the JSON. The schema is at https://jsonresume.org/schema; portfolio also needs what names each entry (a job's company and position, a school and its degree, an award's title and who gave it). Without --strict, only a file that cannot be read, or an entry without what names it, is refused: a value that needs your decision (a date, an address or an e-mail that is not one) is listed with the rest, and left out when the file is imported. Nothing was written.",
  },
  ImportWouldOverwrite: {
    title: "Importing would replace files",
    message: (report: string) => report,
    hint: "Run the import again with --force: it replaces the files portfolio wrote (init's draft, an earlier import) that you have not changed since, and keeps every other one as it is, writing its version beside it as <name>.imported.md, which the build does not read, for you to merge. Or move them away first. Nothing was written.",
  },
  PortInUse: {
    title: "The port is taken",
    message: (port: number, host: string) => `Port ${port} on ${host} is already in use.`,
    hint: "Stop the server that holds it, or choose another port with --port (--port 0 takes any free one).",
  },
  PortsInUse: {
    title: "The default port and the ones after it are taken",
    message: (first: number, last: number, host: string) =>
      `Ports ${first} to ${last} on ${host} are all in use: tried each in turn.`,
    hint: "Stop a server that holds one of them, or choose a port with --port (--port 0 takes any free one).",
  },
  ChromiumNotFound: {
    title: "There is no Chromium or Chrome to print the CV with",
    message: (where: string) => `Cannot find Chromium or Google Chrome to print the CV: ${where}.`,
    hint: "Install Chromium (apt install chromium, brew install --cask chromium) or Google Chrome, or set CHROMIUM_PATH to its executable.",
  },
  ChromiumFailed: {
    title: "Chromium failed to print the CV",
    message: (reason: string) => `Printing the Resume page to PDF failed: ${reason}`,
    hint: "Check that this Chromium starts (run it with --version), or set CHROMIUM_PATH to another Chromium or Chrome. The previous CV was left as it was.",
  },
  CvNotWritable: {
    title: "The CV file cannot be written",
    message: (file: string, reason: string) => `Cannot write the CV to ${file}: ${reason}`,
    hint: "Check that its folder is writable, or choose another file with --out.",
  },
  RenderFailed: {
    title: "A page failed to render",
    message: (route: string, reason: string) => `Rendering ${route} failed: ${reason}`,
    bug: true,
  },
  ResumeJsonInvalid: {
    title: "The résumé written as JSON Resume is not valid",
    message: (report: string) => `resume.json does not pass the JSON Resume schema (@jsonresume/schema):\n${report}`,
    bug: true,
  },
  BundleFailed: {
    title: "The stylesheet or the islands failed to bundle",
    message: (reason: string) => `Bundling the client code failed: ${reason}`,
    bug: true,
  },
  SearchIndexFailed: {
    title: "The search index could not be made",
    message: (reason: string) => `Pagefind, which makes the search index, failed: ${reason}`,
    hint: "Set search: false in the config to build the site without search, and report this with the message above.",
    bug: true,
  },
  CacheUnusable: {
    title: "The build cache cannot be used",
    message: (folder: string, problem: string) => `The build cache (${folder}) was not used: ${problem}.`,
    hint: "The site is built all the same, only without reusing earlier work. Deleting .portfolio/cache is always safe: the next build makes it anew.",
  },
  ContentTargetUnsafe: {
    title: "A file to write is a symbolic link or leads outside content/",
    message: (report: string) => `Refusing to write into content/:\n${report}`,
    hint: "portfolio new, import and upgrade write only inside content/, and never through a symbolic link: replace the link with a real folder or file (or remove it), then run the command again. Nothing was written.",
  },
  ContentNotWritable: {
    title: "A content file cannot be written",
    message: (file: string, reason: string) => `Cannot write ${file}: ${reason}`,
    hint: "Check that content/ and its folders are yours to write (their permissions) and that the disk has room, then run the command again.",
  },
  GeneratedXmlInvalid: {
    title: "An XML file the build made is not well-formed",
    message: (file: string, reason: string) => `${file}, as portfolio made it, is not well-formed XML: ${reason}`,
    bug: true,
  },
  AccentContrastTooLow: {
    title: "An accent colour does not contrast enough",
    message: (report: string) => report,
    hint: "Use the shade suggested, or another colour. Text needs a contrast of at least 4.5:1 (WCAG AA) on every background the site draws it on, and so does the text of the accent's buttons.",
  },
  FontNotFound: {
    title: "A font the theme names is not there",
    message: (file: string, field: string, problem: string) => `${file}: ${field}: ${problem}`,
    hint: "Install a Fontsource package beside the config (npm install @fontsource/inter, or @fontsource-variable/inter for the variable font), or put the font file into public/ and name its path.",
  },
  FontUnreadable: {
    title: "A font file cannot be read",
    message: (file: string, field: string, problem: string) => `${file}: ${field}: ${problem}`,
    hint: "Use a WOFF2 file (or WOFF, TTF, OTF) as a font foundry or Fontsource ships it.",
  },
  FontTooLarge: {
    title: "A font file is too large",
    message: (file: string, field: string, problem: string) => `${file}: ${field}: ${problem}`,
    hint: "A web font is rarely over a few MB: use a Fontsource package, which is split into subsets, or subset the file to the characters the site uses (pyftsubset, glyphhanger).",
  },
  SiteRecordInvalid: {
    title: "The site's record cannot be read",
    message: (file: string, problem: string) => `${file} ${problem}`,
    hint: "portfolio-site.json is written by portfolio init, upgrade, eject and import. Restore it from git (git checkout portfolio-site.json), or delete it and run portfolio upgrade, which treats the site as format 1 and finds what to change.",
  },
  SiteFormatTooNew: {
    title: "The site is newer than this portfolio",
    message: (file: string, format: number, known: number) =>
      `${file} says the site's files are in format ${format}, and this version of portfolio reads format ${known} at most.`,
    hint: "Update portfolio in the site's folder (npm update portfolio-ssg, or npm install portfolio-ssg@latest), then run the command again.",
  },
  UpgradeUncommitted: {
    title: "The site has changes not committed to git",
    message: (folder: string, files: string) =>
      `portfolio upgrade --write changes files, and ${folder} has changes not committed to git:\n${files}`,
    hint: 'Commit or stash them first (git add -A && git commit -m "Before portfolio upgrade"), so the upgrade\'s changes are the only ones to review (git diff) and can be undone (git checkout -- .). --force writes anyway.',
  },
  UpgradeNotInGit: {
    title: "The site is not in a git repository",
    message: (folder: string, reason: string) =>
      `portfolio upgrade --write changes files, and ${folder} ${reason}: its changes could not be reviewed or undone.`,
    hint: 'Put the site under git first (git init && git add -A && git commit -m "Before portfolio upgrade"), or run portfolio upgrade --write --force to write anyway, after a copy of the folder.',
  },
  UpgradeIncomplete: {
    title: "The upgrade left something for you to change",
    message: (report: string) => `portfolio upgrade cannot change these, and leaves them as they are:\n${report}`,
    hint: "Change each by hand (the file and line are named above), then run portfolio upgrade again: it says up to date once nothing is left.",
  },
  EjectUnknownFile: {
    title: "Not a file portfolio can eject",
    message: (file: string, known: string) =>
      `${file} is not a default portfolio lets you replace: expected one of ${known}`,
    hint: "portfolio eject copies one of the engine's default files into the site, for you to change. Name it by its path from the site's folder, e.g. portfolio eject templates/page.html.",
  },
  EjectCannotWrap: {
    title: "Only a component can be wrapped",
    message: (file: string) =>
      `${file} is not a component: --wrap writes a component that renders the default, which only a component can.`,
    hint: "Eject it without --wrap to copy it into the site, or run portfolio eject --list to see the components.",
  },
  EjectTargetExists: {
    title: "The file to eject is in the site already",
    message: (file: string) => `${file} exists already: eject never replaces a file.`,
    hint: "It is your copy, and the build uses it. To start again from the engine's default, move it aside and run portfolio eject again; portfolio upgrade shows how the default changed since you copied it.",
  },
  OverrideInvalid: {
    title: "A component of the site cannot be used",
    message: (file: string, reason: string) => `${file} cannot be used in place of the engine's component: ${reason}`,
    hint: "A file of components/ or screens/ replaces the engine's component of that name (portfolio eject --list lists them). Fix what is named, or move the file aside to build with the default.",
  },
  ContentComponentInvalid: {
    title: "A component of components/content/ cannot be used",
    message: (file: string, reason: string) => `${file} cannot be used in content: ${reason}`,
    hint: `A file components/content/<Name>.tsx is a component content uses as the directive ::name{…} (its name in lower case): it exports the component (as <Name> or as its default export) and \`props\`, each attribute made with field (import { field } from "portfolio-ssg"), and \`island = true\` to run in the browser. ${guidePage("writing.md")} (Your own components) has examples.`,
  },
  OverrideFailed: {
    title: "A component of the site failed while rendering",
    message: (file: string, route: string, reason: string) => `${file} threw while rendering ${route}: ${reason}`,
    hint: "The component is your code, run at build time: check the props it reads against their types (ProjectCardProps and the rest, exported by portfolio-ssg/components). Your editor shows a wrong prop as you type.",
  },
  HostFileExists: {
    title: "The host's settings file is in the site already",
    message: (file: string, host: string) =>
      `${file} exists already and differs from what portfolio host ${host} writes: nothing was written.`,
    hint: `It may hold settings of your own. Compare it with the preset (${guidePage("deploy.md")}), or run portfolio host again with --force to replace it.`,
  },
  SiteFileUnsafe: {
    title: "A file to write is a symbolic link or leads outside the site",
    message: (file: string, problem: string) => `Refusing to write ${file}: ${problem}`,
    hint: "portfolio writes only inside the site's folder, and never through a symbolic link: replace the link with a real file or folder (or remove it), then run the command again.",
  },
  InitAnswerMissing: {
    title: "An answer portfolio init needs was not given",
    message: (flag: string, expected: string) =>
      `${flag} is missing: expected ${expected}. Without a terminal, or with --yes, init asks nothing.`,
    hint: 'Give each answer as a flag: portfolio init my-site --name "Ada Lovelace" --job-title "Software Engineer" --email ada@example.com [--url https://ada.dev]. Run it on a terminal without --yes to be asked instead. Nothing was written.',
  },
  InitFolderNotEmpty: {
    title: "The folder for the new site is not empty",
    message: (folder: string, found: string) => `${folder} is not empty: it holds ${found}.`,
    hint: "Name a new or empty folder (portfolio init my-site), or pass --force to add the site's files to this one: a file that exists is kept as it is, never replaced, and listed. Nothing was written.",
  },
  InitFolderIsSite: {
    title: "The folder already holds a portfolio site",
    message: (folder: string, file: string) => `${folder} already holds a portfolio site (${file}).`,
    hint: "init only starts new sites, even with --force. To bring this one up to date with this version, run npx portfolio upgrade in it. Nothing was written.",
  },
  InitNotWritable: {
    title: "The new site cannot be written",
    message: (folder: string, reason: string) => `Cannot write the new site into ${folder}: ${reason}`,
    hint: "Check that the folder (or its parent) is yours to write and the disk has room, then run init again. What init had written was removed.",
  },
  SampleInvalid: {
    title: "The sample given is not a portfolio sample site",
    message: (source: string, problem: string) => `${source} is not a portfolio sample site: ${problem}`,
    hint: "Leave out the path to copy the sample that comes with portfolio-ssg, or pass the tarball npm run pack:sample makes, or a folder holding portfolio.config.ts, content/ and public/. Nothing was written.",
  },
  SampleEntryRefused: {
    title: "The sample holds something init does not copy",
    message: (source: string, entry: string, problem: string) =>
      `Cannot copy the sample ${source}: ${JSON.stringify(entry)}: ${problem}.`,
    hint: "A sample is data, read the same way from a tarball or a folder: regular files and folders only (no links, devices or pipes), each path once, at most 10,000 entries, 50 MB a file and 200 MB in all. Replace a link with the file it points to, or remove what the site does not need, then run init again. Nothing was written.",
  },
} as const satisfies Record<string, ErrorData>;

export type PortfolioErrorName = keyof typeof errorsData;
export type ErrorArguments<N extends PortfolioErrorName> = Parameters<(typeof errorsData)[N]["message"]>;
