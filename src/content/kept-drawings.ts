import { lstatSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import type sanitize from "sanitize-html";
import { describeThrown } from "../errors.js";
import { linkOnPath, readFileNoFollow, writeFileNoFollow } from "../project/no-follow.js";
import { cleanDrawing } from "./clean-drawing.js";
import type { DrawnDiagram } from "./diagrams.js";

/**
 * The folder of the site, beside content/ and public/, where the drawings of its diagrams are kept
 * to be committed with it (as Hugo keeps `resources/_gen`): a host's build machine has no browser
 * to draw them (Netlify, Cloudflare Pages, Vercel), and shows them from there. At the site's root
 * rather than inside content/, so that the content's readers and `portfolio dev`'s watcher never
 * see it (a build writing there starts no rebuild), and not hidden, so the owner sees it and commits it.
 */
export const drawingsFolder = "drawings";

/** A kept drawing's name: its key (draw-diagrams.ts), which no other file of the folder has. */
const keptName = /^[0-9a-f]{32}\.svg$/;

/** Far more than any drawing Mermaid makes: a file larger is not one of them, and is not read. */
const maxKeptBytes = 4 * 1024 * 1024;

/**
 * The drawings of a site's diagrams, one SVG file per drawing (a diagram has one per theme) named
 * by its key. The folder is in the owner's repository, where anyone who sends a pull request can
 * change it: a file is data, read without following a link and cleaned as Mermaid's own drawing is
 * (clean-drawing.ts), so nothing in it runs or loads anything.
 */
export interface KeptDrawings {
  /** Whether a drawing is kept under `key` (the file is not read). */
  has(key: string): boolean;
  /** The drawing kept under `key`, cleaned; none when none is, or it cannot be read (`problems` says why). */
  get(key: string): Promise<DrawnDiagram | undefined>;
  /** Keeps a drawing under `key`, unless the build writes nothing (`portfolio check`). */
  keep(key: string, drawing: DrawnDiagram): Promise<void>;
  /** Removes each kept drawing whose key is not in `used`; the folder's other files stay as they are. */
  prune(used: ReadonlySet<string>): Promise<void>;
  /** What could not be read or written, for the build's warnings. */
  readonly problems: string[];
  /** Whether a drawing was kept or removed. */
  readonly changed: boolean;
}

export function keptDrawings(
  root: string,
  { write, sanitizeHtml }: { write: boolean; sanitizeHtml: typeof sanitize },
): KeptDrawings {
  const folder = path.join(root, drawingsFolder);
  const problems: string[] = [];
  const fileOf = (key: string) => path.join(folder, `${key}.svg`);
  const shown = (key: string) => `${drawingsFolder}/${key}.svg`;
  let names: Set<string> | undefined;
  /** The kept drawings' names, read once; none, and nothing written, when the folder is a link or no folder. */
  const listed = (): Set<string> | undefined => {
    if (names) return names;
    const info = lstatSync(folder, { throwIfNoEntry: false });
    if (info && !info.isDirectory()) {
      problems.push(
        `${drawingsFolder} is ${info.isSymbolicLink() ? "a symbolic link" : "not a folder"}: the diagrams' drawings are neither read from it nor kept there; make it a folder of its own`,
      );
      return undefined;
    }
    names = new Set(info ? readdirSync(folder).filter((name) => keptName.test(name)) : []);
    return names;
  };
  let linked: Promise<boolean> | undefined;
  /** A link above the folder (the project's own folders checked as every write checks them). */
  const throughLink = () => {
    linked ??= linkOnPath(root, folder).then((link) => link !== undefined);
    return linked;
  };

  let changed = false;
  return {
    problems,
    get changed() {
      return changed;
    },
    has: (key) => listed()?.has(`${key}.svg`) ?? false,
    async get(key) {
      if (!listed()?.has(`${key}.svg`) || (await throughLink())) return undefined;
      try {
        const text = await readFileNoFollow(root, fileOf(key), maxKeptBytes);
        if (text === undefined) return undefined;
        const drawing = fromKeptSvg(text, sanitizeHtml);
        if (drawing) return drawing;
        problems.push(`${shown(key)} is not a drawing (an <svg> element): it is not shown`);
      } catch (error) {
        problems.push(`${shown(key)} is not read: ${describeThrown(error)}`);
      }
      return undefined;
    },
    async keep(key, drawing) {
      const kept = listed();
      if (!write || !kept || (await throughLink())) return;
      try {
        await writeFileNoFollow(root, fileOf(key), keptSvg(drawing));
        kept.add(`${key}.svg`);
        changed = true;
      } catch (error) {
        problems.push(`${shown(key)} could not be written: ${describeThrown(error)}`);
      }
    },
    async prune(used) {
      const kept = listed();
      if (!write || !kept || (await throughLink())) return;
      for (const name of kept) {
        if (used.has(name.slice(0, -".svg".length))) continue;
        // A folder named like a drawing is not one: only a file or a link is removed.
        await rm(path.join(folder, name)).catch(() => undefined);
        kept.delete(name);
        changed = true;
      }
    },
  };
}

/**
 * A drawing as a file keeps it: one SVG, its stylesheet back inside it, so the file shows the
 * drawing when opened on its own (its `>` written `&gt;`, as Mermaid writes it, so the file is XML).
 */
export function keptSvg({ svg, css }: DrawnDiagram): string {
  const style = `<style>${css.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}</style>`;
  const opening = /^<svg\b[^>]*>/.exec(svg)?.[0];
  return `${opening ? `${opening}${style}${svg.slice(opening.length)}` : `${style}${svg}`}\n`;
}

/**
 * A kept file as the drawing a page shows, cleaned as Mermaid's own drawing is; none when what is
 * left is not an `<svg>` element.
 */
export function fromKeptSvg(text: string, sanitizeHtml: typeof sanitize): DrawnDiagram | undefined {
  const drawing = cleanDrawing(text, sanitizeHtml);
  return /^<svg\b[\s\S]*<\/svg>$/.test(drawing.svg) ? drawing : undefined;
}
