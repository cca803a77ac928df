import type { ResolvedConfig } from "../config/config-schema.js";
import type { SiteContent } from "./site-content.js";

/**
 * A site in several languages finds translations by file name: `atlas.pt.md` is the Portuguese text
 * of `atlas.md`, for any collection (`about.pt.md`, `resume/experience/01-nordlys.pt.md`). Each
 * language's pages show an entry in their language when it has a translation, else in the
 * default language's (or, for an entry written only in another, in that one).
 */

/** The entry a file is a text of, and its language. */
export interface TranslationName {
  /** The file name without `.md` and without the language: the entry's id and address. */
  slug: string;
  /** The language of the file's text. */
  lang: string;
}

/**
 * `atlas.pt.md` → `atlas` in `pt` when pt is one of the site's other languages (in any case:
 * `atlas.pt-br.md` for `pt-BR`); any other name is an entry in the default language. A site in one
 * language reads `atlas.pt.md` as the entry `atlas.pt`, as it always has.
 */
export function translationName(fileName: string, languages: readonly string[]): TranslationName {
  const name = fileName.replace(/\.md$/, "");
  const dot = name.lastIndexOf(".");
  const suffix = name.slice(dot + 1).toLowerCase();
  const lang = dot > 0 ? languages.slice(1).find((other) => other.toLowerCase() === suffix) : undefined;
  return lang ? { slug: name.slice(0, dot), lang } : { slug: name, lang: languages[0]! };
}

/**
 * One text of each entry for a language's pages, in the order the files came: the language's own,
 * else the default language's, else the first other language's that has one.
 */
export function entriesInLanguage<E extends TranslationName>(
  entries: E[],
  lang: string,
  languages: readonly string[],
): E[] {
  const bySlug = new Map<string, E[]>();
  for (const entry of entries) bySlug.set(entry.slug, [...(bySlug.get(entry.slug) ?? []), entry]);
  const preference = [lang, ...languages.filter((other) => other !== lang)];
  return [...bySlug.values()].map(
    (texts) => preference.map((wanted) => texts.find((text) => text.lang === wanted)).find((text) => text) ?? texts[0]!,
  );
}

/** The files a language's pages show in another language (or leave out, with `untranslated: "hide"`). */
export function untranslatedFiles(
  collections: Array<{ entries: Array<TranslationName & { file: string }> }>,
  config: ResolvedConfig,
): string[] {
  return collections.flatMap(({ entries }) =>
    entries.filter((entry) => entry.lang !== config.site.lang).map((entry) => entry.file),
  );
}

/**
 * A language's content with each category by its name in that language: content files name a
 * category in the default language (`category: Hardware`), and the config may name it in each
 * (`{ en: "Hardware", pt: "Eletrónica" }`), at the same place in the list.
 */
export function withCategoriesIn(content: SiteContent, main: ResolvedConfig, config: ResolvedConfig): SiteContent {
  const renamer = (names: string[], inLanguage: string[]) => (category: string) =>
    inLanguage[names.indexOf(category)] ?? category;
  const project = renamer(main.projectCategories, config.projectCategories);
  const post = renamer(main.blogCategories, config.blogCategories);
  const skill = renamer(main.skillCategories, config.skillCategories);
  return {
    ...content,
    projects: content.projects.map((entry) =>
      entry.category === undefined ? entry : { ...entry, category: project(entry.category) },
    ),
    blogPosts: content.blogPosts.map((entry) => ({ ...entry, category: post(entry.category) })),
    skills: content.skills.map((entry) => ({ ...entry, category: skill(entry.category) })),
  };
}

/**
 * What the build tells the owner of a language's untranslated files: how many, the first few, and
 * what its pages do with them.
 */
export function untranslatedContentWarning(config: ResolvedConfig, content: SiteContent): string {
  const { lang, languages, untranslated } = config.site;
  const files = content.untranslated;
  const one = files.length === 1;
  const listed = `${files.slice(0, 4).join(", ")}${files.length > 4 ? ` and ${files.length - 4} more` : ""}`;
  const language = languageName(lang);
  const shown =
    untranslated === "hide"
      ? `the ${language} pages leave out the posts, projects and pages among them, and show the rest as written`
      : `the ${language} pages show ${one ? "it" : "them"} as written, marked with ${one ? "its" : "their"} language`;
  const first = files[0]!.replace(/^.*\//, "");
  const named = lang === languages[0] ? first.replace(/\.[^.]+\.md$/, ".md") : first.replace(/\.md$/, `.${lang}.md`);
  const how =
    lang === languages[0]
      ? `The ${language} text of ${first} is ${named}, beside it.`
      : `A translation is a file beside the original, named for its language: ${first} → ${named}.`;
  return `${files.length} ${one ? "file" : "files"} of content/ ${one ? "has" : "have"} no ${language} text (${listed}): ${shown}. ${how}`;
}

/** The name of a language in English, for the build's messages: "Portuguese" for pt. */
export function languageName(lang: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(lang) ?? lang;
  } catch {
    return lang;
  }
}
