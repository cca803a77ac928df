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

/**
 * The same four rows in the other languages résumés are written in (French, German, Spanish,
 * Portuguese, Polish, Czech), compared without accents: `Avancé` is advanced.
 */
const otherLanguages: ReadonlyArray<{ words: readonly string[]; percent: number }> = [
  { words: ["experte", "experto", "especialista", "ekspert", "expertni"], percent: 95 },
  {
    words: ["avance", "fortgeschritten", "avanzado", "avancado", "zaawansowany", "pokrocily", "pokrocila"],
    percent: 85,
  },
  {
    words: [
      "intermediaire",
      "intermedio",
      "intermediario",
      "mittel",
      "sredniozaawansowany",
      "stredne pokrocily",
      "stredne pokrocila",
    ],
    percent: 65,
  },
  {
    words: [
      "debutant",
      "notions",
      "grundkenntnisse",
      "anfanger",
      "basico",
      "principiante",
      "iniciante",
      "podstawowy",
      "zacatecnik",
      "zakladni",
    ],
    percent: 40,
  },
];

/** The bar of a skill whose level is absent or not a word of the table. */
export const defaultSkillPercent = 50;

/** How a level became a percent, for the import's report. */
export interface SkillPercent {
  percent: number;
  /**
   * "table": a word of the table (in one of the languages it knows); "percent": written as one
   * ("90%", "90"); "scale": a mark out of 5 or 10 ("4", "8/10", "★★☆☆☆"); "default": absent or unknown.
   */
  from: "table" | "percent" | "scale" | "default";
}

/** A level word, case-insensitive, or a percent as portfolio's own `/resume.json` writes it ("90%"). */
export function skillPercent(level: string | undefined): SkillPercent {
  const word = (level ?? "")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
  const scale = /^(\d{1,2})\s*\/\s*(5|10)$/.exec(word) ?? (/^[1-5]$/.test(word) ? [word, word, "5"] : undefined);
  if (scale && Number(scale[1]) <= Number(scale[2]))
    return { percent: Math.round((Number(scale[1]) / Number(scale[2])) * 100), from: "scale" };
  const stars = /^([★*]+)([☆]*)$/.exec(word);
  if (stars && stars[1]!.length + stars[2]!.length <= 10)
    return {
      percent: Math.round((stars[1]!.length / (stars[2]!.length ? stars[1]!.length + stars[2]!.length : 5)) * 100),
      from: "scale",
    };
  const written = /^(\d{1,3}(?:\.\d+)?)\s*%?$/.exec(word);
  if (written && Number(written[1]) <= 100) return { percent: Number(written[1]), from: "percent" };
  const row = [...skillLevels, ...otherLanguages].find((candidate) => candidate.words.includes(word));
  return row ? { percent: row.percent, from: "table" } : { percent: defaultSkillPercent, from: "default" };
}
