/**
 * Reads a date as people write it in a JSON Resume (`11/2017`, `2017/11`, `2023-9-28`,
 * `Nov 2017`, `septembre 2021`, `2021年4月`, `present`, `heute`, …) as JSON Resume's own
 * `YYYY-MM-DD`, `YYYY-MM` or `YYYY`, keeping the precision given. A date that reads two ways
 * (`03/04/2020`), or that does not exist (`2024-09-31`), is not guessed: it comes back as a
 * problem, with the part that is clear (its year, or its month) as a fallback.
 */
export type DateReading =
  | { date: string }
  | { ongoing: true }
  | { problem: string; suggestion: string; fallback?: string | undefined };

/** Words for "still there", in the languages résumés are written in (compared without accents and case). */
const ongoingWords = new Set(
  [
    "present",
    "current",
    "currently",
    "now",
    "today",
    "ongoing",
    "to date",
    "till date",
    "till now",
    "actual",
    "atual",
    "atualmente",
    "actualmente",
    "actualidad",
    "o momento",
    "hoje",
    "presente",
    "hoy",
    "heute",
    "bis heute",
    "aktuell",
    "jetzt",
    "aujourd'hui",
    "en cours",
    "maintenant",
    "obecnie",
    "do teraz",
    "soucasnost",
    "dosud",
    "nyni",
    "現在",
    "至今",
    "今",
    "oggi",
    "attuale",
    "heden",
    "nu",
  ].map(fold),
);

/** Month names and their usual abbreviations (a prefix of three letters or more of a name is read too). */
const monthNames: string[][] = [
  ["january", "janvier", "januar", "jänner", "enero", "janeiro", "gennaio", "januari", "styczen", "leden"],
  ["february", "fevrier", "februar", "febrero", "fevereiro", "febbraio", "februari", "luty", "unor"],
  ["march", "mars", "marz", "marzo", "marco", "maart", "marzec", "brezen"],
  ["april", "avril", "abril", "aprile", "kwiecien", "duben"],
  ["may", "mai", "mayo", "maio", "maggio", "mei", "maj", "kveten"],
  ["june", "juin", "juni", "junio", "junho", "giugno", "czerwiec", "cerven"],
  ["july", "juillet", "juli", "julio", "julho", "luglio", "lipiec", "cervenec"],
  ["august", "aout", "agosto", "augustus", "sierpien", "srpen"],
  ["september", "septembre", "septiembre", "setembro", "settembre", "sept", "wrzesien", "zari"],
  ["october", "octobre", "oktober", "octubre", "outubro", "ottobre", "pazdziernik", "rijen"],
  ["november", "novembre", "noviembre", "novembro", "listopad"],
  ["december", "decembre", "dezember", "diciembre", "dezembro", "dicembre", "grudzien", "prosinec"],
];

const seasonNames = [
  ...["spring", "summer", "autumn", "fall", "winter", "printemps", "ete", "automne", "hiver", "fruhling", "sommer"],
  ...["herbst", "primavera", "verano", "verao", "otono", "outono", "invierno", "inverno"],
];
const seasons = new RegExp(`\\b(${seasonNames.join("|")})\\b`);

/** Lower case, without accents, with straight apostrophes and single spaces. */
function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[’`´]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** The month (1–12) a word names, when exactly one month has a name it is, or starts with. */
function monthOf(word: string): number | undefined {
  const bare = word.replace(/\.$/, "");
  if (bare.length < 3) return undefined;
  const exact = monthNames.findIndex((names) => names.includes(bare));
  if (exact >= 0) return exact + 1;
  const found = monthNames.flatMap((names, index) => (names.some((name) => name.startsWith(bare)) ? [index + 1] : []));
  return found.length === 1 ? found[0] : undefined;
}

const pad = (value: number) => String(value).padStart(2, "0");

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A date from its parts, or why the parts are no date. */
function fromParts(year: number, month?: number, day?: number): DateReading {
  if (year < 1000 || year > 2999)
    return { problem: `the year ${year} is out of range`, suggestion: "write the year with four digits, e.g. 2022" };
  if (month === undefined) return { date: String(year) };
  if (month < 1 || month > 12)
    return {
      problem: `there is no month ${month}`,
      suggestion: `write the month as YYYY-MM, e.g. ${year}-03`,
      fallback: String(year),
    };
  if (day === undefined) return { date: `${year}-${pad(month)}` };
  if (day < 1 || day > daysIn(year, month))
    return {
      problem: `${year}-${pad(month)} has no day ${day} (it has ${daysIn(year, month)})`,
      suggestion: `write the real day, or only the month: ${year}-${pad(month)}`,
      fallback: `${year}-${pad(month)}`,
    };
  return { date: `${year}-${pad(month)}-${pad(day)}` };
}

/** Reads one date of a résumé; the caller decides what an ongoing word means where it is found. */
export function readResumeDate(raw: string): DateReading {
  const text = fold(raw);
  if (ongoingWords.has(text)) return { ongoing: true };
  const numbers = (match: RegExpExecArray) =>
    match.slice(1).map((part) => (part === undefined ? undefined : Number(part)));
  // 2022, 2022-3, 2022-03-07, 2022/03, 2022/3/7, 2022.03
  let match = /^(\d{4})(?:[-/.](\d{1,2})(?:[-/.](\d{1,2}))?)?$/.exec(text);
  if (match) {
    const [year, month, day] = numbers(match);
    return fromParts(year!, month, day);
  }
  // 11/2017, 9/2020, 04.2021, 04-2021
  match = /^(\d{1,2})[-/.](\d{4})$/.exec(text);
  if (match) {
    const [month, year] = numbers(match);
    return fromParts(year!, month);
  }
  // 03/04/2020: day and month, or month and day, unless one of them cannot be a month.
  match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  if (match) {
    const [first, second, year] = numbers(match) as [number, number, number];
    if (first > 12 && second <= 12) return fromParts(year, second, first);
    if (second > 12 && first <= 12) return fromParts(year, first, second);
    return {
      problem: `it reads as ${year}-${pad(second)}-${pad(first)} (day first) and as ${year}-${pad(first)}-${pad(second)} (month first)`,
      suggestion: `write the one you mean as YYYY-MM-DD, e.g. ${year}-${pad(second)}-${pad(first)}`,
      fallback: String(year),
    };
  }
  // 2021年4月, 2021年4月1日, 2021年
  match = /^(\d{4})\s*年(?:\s*(\d{1,2})\s*月(?:\s*(\d{1,2})\s*日)?)?$/.exec(text);
  if (match) {
    const [year, month, day] = numbers(match);
    return fromParts(year!, month, day);
  }
  return readWordDate(text);
}

/** `Nov 2017`, `setembro de 2020`, `jan/2023`, `May 23, 2022`, `23 mai 2022`, `Summer 2016`. */
function readWordDate(text: string): DateReading {
  const words = text
    .replace(/,/g, " ")
    .split(/[\s/-]+/)
    .filter((word) => word && word !== "de" && word !== "del" && word !== "of" && word !== "the");
  const years = words.filter((word) => /^\d{4}$/.test(word));
  const days = words.filter((word) => /^\d{1,2}(st|nd|rd|th|\.)?$/.test(word));
  const months = words.filter((word) => /^\p{L}+\.?$/u.test(word)).map(monthOf);
  if (years.length === 1 && months.length === 1 && months[0] !== undefined && days.length <= 1) {
    const wordCount = years.length + months.length + days.length;
    if (wordCount === words.length)
      return fromParts(Number(years[0]), months[0], days[0] === undefined ? undefined : Number.parseInt(days[0], 10));
  }
  const year = /\b(\d{4})\b/.exec(text)?.[1];
  if (seasons.test(text))
    return {
      problem: "a season is not a month",
      suggestion: `write the month it began or ended as YYYY-MM, e.g. ${year ?? 2016}-06, or only the year`,
      fallback: year,
    };
  return {
    problem: "it is not a date that can be read",
    suggestion: "write it as YYYY-MM-DD, YYYY-MM or YYYY, e.g. 2022-03",
    fallback: undefined,
  };
}
