import { diffArrays } from "diff";

/**
 * A three-way merge by lines, as diff3 does it: the changes from `base` to the owner's copy and
 * from `base` to the engine's new default are each found with `diff`'s Myers diff, whose cost
 * grows with the lines times the lines changed (near-linear for two edits of one file), never
 * with the cube of the lines as node-diff3's search over repeated lines did (16 kB of them took
 * 14 s, 100 kB more than ten minutes). Changes that touch or
 * overlap in `base` conflict unless both sides made the same one.
 */

export type LineMerge =
  | { kind: "merged"; text: string }
  | { kind: "conflict" }
  /** One side changed more lines of `base` than `maxChangedLines`: not worth a line-by-line merge, so not tried. */
  | { kind: "too-different"; limit: number }
  /** One of the texts is larger than `maxMergedBytes`: not split into lines at all. */
  | { kind: "too-large"; limit: number };

/**
 * Lines added plus lines removed, on either side, past which no merge is tried: the diff's cost
 * is bounded by the lines times this. The engine's default is a dozen lines; an owner's copy a
 * few hundred at most.
 */
export const maxChangedLines = 2000;

/**
 * The engine's default is a few hundred bytes; past this, a copy
 * is no template (a 20 MB file would take gigabytes as lines).
 */
export const maxMergedBytes = 1024 * 1024;

export interface MergeOptions {
  /** In place of `maxChangedLines`. */
  limit?: number;
  /** Called at each comparison of two lines: lets a test count them. */
  onCompare?: () => void;
}

/** One run of changed lines of a side: `base[baseStart, baseEnd)` became `side[start, end)`. */
interface Hunk {
  side: "own" | "theirs";
  baseStart: number;
  baseEnd: number;
  start: number;
  end: number;
}

export function mergeLines(own: string, base: string, theirs: string, options: MergeOptions = {}): LineMerge {
  if ([own, base, theirs].some((text) => Buffer.byteLength(text) > maxMergedBytes))
    return { kind: "too-large", limit: maxMergedBytes };
  const limit = options.limit ?? maxChangedLines;
  const sides = { own: linesOf(own), theirs: linesOf(theirs) };
  const baseLines = linesOf(base);
  const ownHunks = hunksOf(baseLines, sides.own, "own", limit, options.onCompare);
  const theirHunks = ownHunks && hunksOf(baseLines, sides.theirs, "theirs", limit, options.onCompare);
  if (!ownHunks || !theirHunks) return { kind: "too-different", limit };
  const hunks = [...ownHunks, ...theirHunks].sort((a, b) => a.baseStart - b.baseStart);
  const merged: string[] = [];
  let basePosition = 0;
  for (let next = 0; next < hunks.length; ) {
    const region = [hunks[next++]!];
    const regionStart = region[0]!.baseStart;
    let regionEnd = region[0]!.baseEnd;
    while (next < hunks.length && hunks[next]!.baseStart <= regionEnd) {
      regionEnd = Math.max(regionEnd, hunks[next]!.baseEnd);
      region.push(hunks[next++]!);
    }
    merged.push(joined(baseLines, basePosition, regionStart));
    const ownText = sideText(sides.own, region, "own", regionStart, regionEnd);
    const theirText = sideText(sides.theirs, region, "theirs", regionStart, regionEnd);
    const chosen =
      ownText === undefined ? theirText : theirText === undefined || theirText === ownText ? ownText : undefined;
    if (chosen === undefined) return { kind: "conflict" };
    merged.push(chosen);
    basePosition = regionEnd;
  }
  merged.push(joined(baseLines, basePosition, baseLines.length));
  return { kind: "merged", text: merged.join("") };
}

/** Lines with their line endings, so the merged text is the lines joined back as they were. */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function joined(lines: string[], start: number, end: number): string {
  return lines.slice(start, end).join("");
}

/**
 * The runs of lines `side` changed from `base`, or undefined when it changed more than `limit`.
 * A line found on one side only can be in no common run, so it is set aside before the diff (as
 * GNU diff does): a block added or removed whole, or a copy rewritten throughout, costs nothing.
 */
function hunksOf(
  base: string[],
  side: string[],
  name: Hunk["side"],
  limit: number,
  onCompare: MergeOptions["onCompare"],
): Hunk[] | undefined {
  const inBase = new Set(base);
  const inSide = new Set(side);
  const baseKept = indexesWhere(base, (line) => inSide.has(line));
  const sideKept = indexesWhere(side, (line) => inBase.has(line));
  const changes = diffArrays(
    baseKept.map((index) => base[index]!),
    sideKept.map((index) => side[index]!),
    { maxEditLength: limit, ...(onCompare ? { comparator: countedEqual(onCompare) } : {}) },
  );
  if (!changes) return undefined;
  const hunks: Hunk[] = [];
  let baseAfter = 0;
  let sideAfter = 0;
  /** Lines between the previous pair of common lines and this one changed. */
  const common = (baseAt: number, sideAt: number) => {
    if (baseAt > baseAfter || sideAt > sideAfter)
      hunks.push({ side: name, baseStart: baseAfter, baseEnd: baseAt, start: sideAfter, end: sideAt });
    baseAfter = baseAt + 1;
    sideAfter = sideAt + 1;
  };
  let baseKeptAt = 0;
  let sideKeptAt = 0;
  for (const change of changes) {
    if (!change.added && !change.removed)
      for (let step = 0; step < change.count; step++)
        common(baseKept[baseKeptAt + step]!, sideKept[sideKeptAt + step]!);
    if (!change.added) baseKeptAt += change.count;
    if (!change.removed) sideKeptAt += change.count;
  }
  common(base.length, side.length);
  return hunks;
}

function indexesWhere(lines: string[], keep: (line: string) => boolean): number[] {
  const indexes: number[] = [];
  for (let index = 0; index < lines.length; index++) if (keep(lines[index]!)) indexes.push(index);
  return indexes;
}

function countedEqual(onCompare: () => void): (a: string, b: string) => boolean {
  return (a, b) => {
    onCompare();
    return a === b;
  };
}

/**
 * What `side` has in place of `base[regionStart, regionEnd)`, or undefined when it left those
 * lines as they were. Around its own changes a side is the base shifted by what those changes
 * added or removed, so its span is theirs widened by the region's lines outside them.
 */
function sideText(
  lines: string[],
  region: Hunk[],
  name: Hunk["side"],
  regionStart: number,
  regionEnd: number,
): string | undefined {
  const own = region.filter((hunk) => hunk.side === name);
  if (own.length === 0) return undefined;
  const first = own[0]!;
  const last = own[own.length - 1]!;
  return joined(lines, first.start - (first.baseStart - regionStart), last.end + (regionEnd - last.baseEnd));
}
