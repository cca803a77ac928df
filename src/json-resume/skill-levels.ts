/**
 * JSON Resume gives a skill a `level` word ("Master", "Intermediate"); the Resume draws a bar of a
 * percent. `portfolio import` turns one into the other with this table (README shows it too).
 */
export const skillLevels: ReadonlyArray<{ words: readonly string[]; percent: number }> = [
  { words: ["master", "expert"], percent: 95 },
  { words: ["advanced", "proficient"], percent: 85 },
  { words: ["intermediate", "competent"], percent: 65 },
  { words: ["beginner", "novice", "basic", "elementary"], percent: 40 },
];

/** The bar of a skill whose level is absent or not a word of the table. */
export const defaultSkillPercent = 50;

/** How a level became a percent, for the import's report. */
export interface SkillPercent {
  percent: number;
  /** "table": a word of the table; "percent": written as one ("90%", "90"); "default": absent or unknown. */
  from: "table" | "percent" | "default";
}

/** A level word, case-insensitive, or a percent as portfolio's own `/resume.json` writes it ("90%"). */
export function skillPercent(level: string | undefined): SkillPercent {
  const word = level?.trim().toLowerCase() ?? "";
  const written = /^(\d{1,3}(?:\.\d+)?)\s*%?$/.exec(word);
  if (written && Number(written[1]) <= 100) return { percent: Number(written[1]), from: "percent" };
  const row = skillLevels.find((candidate) => candidate.words.includes(word));
  return row ? { percent: row.percent, from: "table" } : { percent: defaultSkillPercent, from: "default" };
}
