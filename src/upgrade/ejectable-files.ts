import { readFile } from "node:fs/promises";
import path from "node:path";
import { packageRoot } from "../package-root.js";
import { asOwnersCopy, overridable, type Stability } from "../overrides/overridable.js";

/** An engine default an owner may replace with a file of their own, at the same path in the site. */
export interface Ejectable {
  /** Its path in the site: `templates/page.html`, `components/ProjectCard.tsx`. */
  file: string;
  what: string;
  /** Where the engine keeps its default, from the package's root. */
  source: string;
  /** For a component: whether its props are part of the package's semver (overrides/overridable.ts). */
  stability?: Stability | undefined;
  /** The component the file exports, for a component (which may then be wrapped instead of copied). */
  component?: string | undefined;
}

/**
 * The engine's default files an owner may replace with a copy of their own, each at the same path
 * in the site: the page template, and every component or screen of overrides/overridable.ts.
 * `portfolio eject` copies one and records where it came from; `portfolio upgrade` reports when the
 * engine's default has changed since, and merges the change in.
 */
export const ejectableFiles: readonly Ejectable[] = [
  { file: "templates/page.html", what: "the HTML shell of every page", source: "templates/page.html" },
  ...overridable.map((row) => ({
    file: row.file,
    what: row.what,
    source: `src/${row.file}`,
    stability: row.stability,
    component: row.name,
  })),
];

export type EjectableFile = string;

export function isEjectable(file: string): boolean {
  return ejectableFiles.some((row) => row.file === file);
}

export function ejectableOf(file: string): Ejectable | undefined {
  return ejectableFiles.find((row) => row.file === file);
}

/**
 * The engine's default of an ejectable file, as this version of portfolio ships it, and as the
 * owner's copy starts: a component's imports of the engine's own files come from
 * `portfolio-ssg/components`, so the copy compiles in the site as it is.
 */
export async function engineDefault(file: EjectableFile): Promise<string> {
  const row = ejectableOf(file);
  if (!row) throw new Error(`${file} is not an ejectable file`);
  const text = await readFile(path.join(packageRoot(), ...row.source.split("/")), "utf8");
  return row.component ? asOwnersCopy(text) : text;
}

/**
 * A component's wrapper: the engine's default inside the owner's markup, so the owner's change survives every upgrade.
 */
export function wrapperOf(component: string): string {
  return `import { ${component} as Original } from "portfolio-ssg/components";
import type { ComponentProps } from "react";

/**
 * Wraps the engine's ${component}: whatever it becomes in a later version, this file renders it
 * with your markup around it. Add yours before or after <Original />; props has everything it is
 * given (see its type, ${component}Props or ComponentProps<typeof Original>).
 */
export function ${component}(props: ComponentProps<typeof Original>) {
  return (
    <>
      <Original {...props} />
    </>
  );
}
`;
}
