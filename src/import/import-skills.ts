// The skills of a JSON Resume as the Resume shows them: a bar from each level, a category from the config's.
import { idFragment } from "../slug.js";
import type { JsonResume } from "../json-resume/json-resume-schema.js";
import { skillPercent, type SkillPercent } from "../json-resume/skill-levels.js";
import { linesOf, oneLine } from "./imported-text.js";
import type { LeftOut } from "./left-out.js";

export interface ImportedSkill extends SkillPercent {
  name: string;
  level: string | undefined;
  category: string;
  /** False when no keyword named one of the config's categories, and the first one was taken. */
  categoryFound: boolean;
  /** The level word shown beside the bar; none for a percent, which the bar shows as it is. */
  shownLevel: string | undefined;
  keywords: string[] | undefined;
}

/**
 * Each skill's bar from its level, and its category from a keyword (or its name) that names one
 * of the config's skill categories; the first category otherwise. The level word is kept to be
 * shown beside the bar, and the keywords as its tags (unless they only name the category, as
 * portfolio's own `/resume.json` writes it).
 */
export function importSkills(
  skills: NonNullable<JsonResume["skills"]>,
  categories: string[],
  notes: LeftOut,
): ImportedSkill[] {
  return skills.map((skill, index) => {
    const keywords = skill.keywords ?? [];
    const category = [...keywords, skill.name]
      .map((word) => categories.find((candidate) => idFragment(candidate) === idFragment(word)))
      .find(Boolean);
    notes.unused(`skills[${index}]`, skill, ["name", "level", "keywords"]);
    const onlyCategory =
      keywords.length === 1 && category !== undefined && idFragment(keywords[0]!) === idFragment(category);
    const percent = skillPercent(skill.level);
    return {
      name: skill.name,
      level: skill.level,
      ...percent,
      shownLevel: percent.from === "percent" ? undefined : skill.level && oneLine(skill.level),
      keywords: onlyCategory ? undefined : linesOf(keywords, { distinct: true }),
      category: category ?? categories[0]!,
      categoryFound: category !== undefined,
    };
  });
}
