import type { ResolvedConfig } from "../config/config-schema.js";
import { holdsPeriod } from "../content/period-text.js";
import type { FileMigration } from "./file-migration.js";
import { periodToDates } from "./period-to-dates.js";

export type { FileMigration, MigrationLibraries, MigrationResult, NotUnderstood } from "./file-migration.js";

/**
 * Every change to what the config or content files accept ships with a migration here, one row
 * each, in the order they apply. A site in format N gets every row whose `from` is N or more, and
 * any site gets a row for a file that still needs it whatever the record says (a file pasted from
 * an older site, a fork that merged a newer one); `portfolio upgrade --write` then records
 * `currentFormat` (site-record.ts), which is one more than the last row's `from`.
 */

export interface Migration {
  /** The format of the sites it applies to; it brings them to `from + 1`. */
  from: number;
  /** Never changes once released: messages and the record name it. */
  id: string;
  /** One line, for the list of pending migrations. */
  title: string;
  /** Why the format changed, as the owner reads it. */
  why: string;
  /** The folders of content/ whose Markdown files it reads, for this site's config. */
  contentFolders: (config: ResolvedConfig) => string[];
  /**
   * Whether a file's front matter, as the build reads it, still holds what the migration changes.
   * The build's warning for an old field and upgrade's plan both ask this, so they never disagree.
   */
  needs: (frontMatter: Record<string, unknown>) => boolean;
  migrate: FileMigration;
}

export const migrations: readonly Migration[] = [
  {
    from: 1,
    id: "timeline-period-to-dates",
    title: "Timeline entries: the free-text period becomes start and end",
    why: "start and end are dates: the Resume writes them in the site's language, orders entries newest first, and /resume.json carries them. A free-text period is shown as written, listed last and left out of /resume.json.",
    contentFolders: (config) => [
      "resume/education",
      "resume/experience",
      "resume/volunteer",
      ...config.resume.customSections
        .filter((section) => section.layout === "timeline")
        .map((section) => `resume/${section.id}`),
    ],
    needs: holdsPeriod,
    migrate: periodToDates,
  },
];

/**
 * The migrations a site recorded in `format` still needs, in
 * order (files may need earlier ones too: see Migration.needs).
 */
export function pendingMigrations(format: number): Migration[] {
  return migrations.filter((migration) => migration.from >= format);
}
