import type { z } from "zod";
import { configSchema } from "../config/config-schema.js";
import { portfolioError } from "../errors.js";
import type { ThemeInitial } from "../config/theme-initials.js";

/** What `portfolio init` asks the owner, each also given as a flag. */
export interface InitAnswers {
  name: string;
  jobTitle: string;
  email: string;
  /** The site's address; optional, as in the config (GitHub Pages sets it at build time). */
  url?: string | undefined;
  /** The theme a visitor's first page is drawn in (`theme.initial`). */
  theme: ThemeInitial;
}

/** The answers that are text, each with its flag. */
export type AnswerField = Exclude<keyof InitAnswers, "theme">;

interface Question {
  flag: string;
  /** What the field takes, for the message when it is missing. */
  expected: string;
  /** The question on a terminal. */
  message: string;
  placeholder: string;
  required: boolean;
  /** The config's own zod field, so an answer is checked as the config will check it. */
  schema: z.ZodType<unknown>;
}

const { owner, site } = configSchema.shape;

export const questions: Record<AnswerField, Question> = {
  name: {
    flag: "--name",
    expected: "your name, as the site shows it",
    message: "Your name, as the site shows it",
    placeholder: "Ada Lovelace",
    required: true,
    schema: owner.shape.name,
  },
  jobTitle: {
    flag: "--job-title",
    expected: "a job title, shown under your name",
    message: "Your job title, shown under your name",
    placeholder: "Software Engineer",
    required: true,
    schema: owner.shape.jobTitle,
  },
  email: {
    flag: "--email",
    expected: "an e-mail address",
    message: "Your e-mail address (the Contact page and the sidebar show it)",
    placeholder: "ada@example.com",
    required: true,
    schema: owner.shape.email,
  },
  url: {
    flag: "--url",
    expected: "an absolute http(s) URL such as https://ada.dev",
    message: "The site's address, if you know it (leave it empty for now, or for GitHub Pages)",
    placeholder: "https://ada.dev",
    required: false,
    schema: site.shape.url,
  },
};

export const answerFields = Object.keys(questions) as AnswerField[];

/** The one choice init asks for: the site's first theme, the visitor's device's suggested. */
export const themeQuestion: {
  flag: string;
  message: string;
  options: ReadonlyArray<{ value: ThemeInitial; label: string; hint?: string }>;
  suggested: ThemeInitial;
} = {
  flag: "--theme",
  message: "The theme a visitor's first page is drawn in (the toggle still switches, and their choice is kept)",
  options: [
    { value: "system", label: "system", hint: "the one their device is set to, light or dark" },
    { value: "light", label: "light" },
    { value: "dark", label: "dark" },
  ],
  suggested: "system",
};

/** A question asked on a terminal. `validate` answers the problem to show, or undefined. */
export interface AskText {
  message: string;
  placeholder: string;
  initialValue?: string | undefined;
  validate: (value: string) => string | undefined;
}

/** A choice of a few values asked on a terminal, `initialValue` the one suggested. */
export interface AskChoice {
  message: string;
  options: ReadonlyArray<{ value: string; label: string; hint?: string }>;
  initialValue: string;
}

/** How init asks on a terminal; each answers undefined when the owner cancelled (Ctrl-C). */
export interface Asker {
  text: (question: AskText) => Promise<string | undefined>;
  choose: (question: AskChoice) => Promise<string | undefined>;
}

/** Answers init starts from: the flags, then (under them) the résumé's basics. */
export interface GivenAnswers {
  flags: Partial<Record<AnswerField, string | undefined>>;
  /** From `--from`: values that are only suggestions, named by where they came from. */
  fromResume?: { values: Partial<Record<AnswerField, string | undefined>>; source: string } | undefined;
  /** `--theme`, already one of the choices (commander checks it). */
  theme?: ThemeInitial | undefined;
}

/**
 * The answers, each checked by the config's rule for its field. A flag's value must be valid; the
 * résumé's values are suggestions. With an `ask` (a terminal, no --yes) every answer not given by a
 * flag is asked, the résumé's value offered first; without one, nothing is asked and a missing
 * required answer is an error naming its flag. Undefined when the owner cancelled a question.
 */
export async function collectAnswers(given: GivenAnswers, ask: Asker | undefined): Promise<InitAnswers | undefined> {
  const answers: Partial<Record<AnswerField, string>> = {};
  for (const field of answerFields) {
    const question = questions[field];
    const flag = given.flags[field];
    if (flag !== undefined) {
      const problem = answerProblem(field, flag);
      if (problem) throw portfolioError("OptionInvalid", [question.flag, problem]);
      answers[field] = cleanAnswer(field, flag);
      continue;
    }
    const suggested = given.fromResume?.values[field];
    if (ask) {
      const answer = await ask.text({
        message: question.message,
        placeholder: question.placeholder,
        initialValue: suggested,
        validate: (value) => (!question.required && !value.trim() ? undefined : answerProblem(field, value)),
      });
      if (answer === undefined) return undefined;
      if (answer.trim()) answers[field] = cleanAnswer(field, answer);
      continue;
    }
    if (suggested !== undefined) {
      const problem = answerProblem(field, suggested);
      if (problem)
        throw portfolioError("OptionInvalid", [
          question.flag,
          `${problem} (taken from ${given.fromResume!.source}): give ${question.flag} instead`,
        ]);
      answers[field] = cleanAnswer(field, suggested);
    } else if (question.required) {
      throw portfolioError("InitAnswerMissing", [question.flag, question.expected]);
    }
  }
  const theme = await chosenTheme(given.theme, ask);
  return theme === undefined ? undefined : ({ ...answers, theme } as InitAnswers);
}

/** The flag's theme, else the owner's choice on a terminal, else the suggested one. */
async function chosenTheme(flag: ThemeInitial | undefined, ask: Asker | undefined): Promise<ThemeInitial | undefined> {
  if (flag !== undefined || !ask) return flag ?? themeQuestion.suggested;
  const { message, options, suggested } = themeQuestion;
  const answer = await ask.choose({ message, options, initialValue: suggested });
  return options.find((option) => option.value === answer)?.value;
}

/** What is wrong with an answer by the config's rule for its field, or undefined. */
export function answerProblem(field: AnswerField, value: string): string | undefined {
  // The config takes any text; an answer is one line, which the README and content files also show.
  if (/[\u0000-\u001f\u007f\u2028\u2029]/.test(value))
    return `expected ${questions[field].expected} on one line, got ${JSON.stringify(value)}`;
  const result = questions[field].schema.safeParse(value);
  if (result.success) return undefined;
  const message = result.error.issues[0]?.message ?? `expected ${questions[field].expected}`;
  return message.includes(", got ") ? message : `${message}, got ${JSON.stringify(value)}`;
}

/** The answer as the config keeps it: trimmed, and an address without its trailing slash. */
function cleanAnswer(field: AnswerField, value: string): string {
  return String(questions[field].schema.parse(value));
}
