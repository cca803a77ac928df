/**
 * A country's ISO 3166-1 alpha-2 code from its name as people write it ("Portugal", "Deutschland",
 * "USA"), as JSON Resume's `location.countryCode` wants it. The names are the runtime's own (CLDR,
 * through Intl.DisplayNames, as `portfolio import` names a code): in English and in the site's
 * language, long and short ("UK", "US"). A bare code is not read as a country: "Boston, MA" is in
 * Massachusetts, not Morocco.
 */

/** Region codes CLDR names that ISO 3166-1 does not assign to a country: continents, unions, Kosovo, pseudo-regions. */
const notCountries = new Set([
  "AC",
  "CP",
  "CQ",
  "DG",
  "EA",
  "EU",
  "EZ",
  "IC",
  "QO",
  "TA",
  "UN",
  "XA",
  "XB",
  "XK",
  "ZZ",
]);

/** Names CLDR does not give but people write. */
const otherNames: Record<string, string> = {
  usa: "US",
  "united states of america": "US",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  holland: "NL",
  "czech republic": "CZ",
  turkey: "TR",
};

const letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

/** Every two-letter code that is a country now (a withdrawn one, `SU`, names its successor's: left out). */
const countryCodes = [...letters].flatMap((first) =>
  [...letters]
    .map((second) => `${first}${second}`)
    .filter((code) => !notCountries.has(code) && Intl.getCanonicalLocales(`und-${code}`)[0] === `und-${code}`),
);

const namesByLanguage = new Map<string, ReadonlyMap<string, string>>();

/**
 * "The Côte d’Ivoire" → "cote d ivoire", "U.S." → "us": case,
 * accents, punctuation and a leading "the" do not tell names apart.
 */
function comparable(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\./g, "")
    .replace(/&/g, " and ")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .replace(/^the /, "");
}

function countryNames(language: string): ReadonlyMap<string, string> {
  const known = namesByLanguage.get(language);
  if (known) return known;
  const names = new Map<string, string>();
  for (const style of ["long", "short"] as const) {
    let display: Intl.DisplayNames;
    try {
      display = new Intl.DisplayNames([language], { type: "region", style, fallback: "none" });
    } catch {
      break;
    }
    for (const code of countryCodes) {
      const name = display.of(code);
      if (name !== undefined && !names.has(comparable(name))) names.set(comparable(name), code);
    }
  }
  namesByLanguage.set(language, names);
  return names;
}

/** The code of the country `name` names, in the site's language or in English; undefined for anything else. */
export function countryCodeOf(name: string, language: string): string | undefined {
  const key = comparable(name);
  return countryNames(language).get(key) ?? countryNames("en").get(key) ?? otherNames[key];
}
