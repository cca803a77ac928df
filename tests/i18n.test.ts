import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/load-config.js";
import { buildSite } from "../src/pipeline/build-site.js";
import { builtInLanguages, builtInStrings, builtInStringsFor } from "../src/i18n/dictionaries.js";
import { formatMessage, formatParts, placeholdersOf, pluralCategories, translator } from "../src/i18n/message.js";
import { en } from "../src/i18n/strings/en.js";
import { isPluralKey, stringKeys, textDirection, type StringKey } from "../src/i18n/strings.js";
import { copySampleSite, repoRoot, type SiteCopy } from "./helpers/sample-site.js";

describe("messages", () => {
  it("fill their placeholders, and write numbers as the language does", () => {
    expect(formatMessage("Page {number} of {count}", "en", { number: 2, count: 1200 })).toBe("Page 2 of 1,200");
    expect(formatMessage("Página {number} de {count}", "pt", { number: 2, count: 1200 })).toBe("Página 2 de 1.200");
    expect(formatMessage("Page {number} sur {count}", "fr", { number: 2, count: 12000 })).toBe(
      "Page 2 sur 12\u202f000",
    );
    expect(formatMessage("صفحة {number}", "ar-EG", { number: 12 })).toBe("صفحة ١٢");
  });

  it("choose the plural form by the language's rules, and an exact zero's own words when given", () => {
    const results = { zero: "No results", one: "{count} result", other: "{count} results" };
    expect(formatMessage(results, "en", { count: 0 })).toBe("No results");
    expect(formatMessage(results, "en", { count: 1 })).toBe("1 result");
    expect(formatMessage(results, "en", { count: 2 })).toBe("2 results");
    // French counts 0 and 1 alike ("0 résultat"), unless zero has words of its own.
    const french = { one: "{count} résultat", other: "{count} résultats" };
    expect(formatMessage(french, "fr", { count: 0 })).toBe("0 résultat");
    expect(formatMessage(french, "fr", { count: 1.5 })).toBe("1,5 résultat");
    const arabic = builtInStrings.ar!["series.parts"];
    const forms = [0, 1, 2, 3, 11, 100].map((count) => formatMessage(arabic, "ar", { count }));
    expect(new Set(forms).size, "Arabic has a form for each of zero, one, two, few, many and other").toBe(6);
    expect(() => formatMessage(results, "en", {})).toThrow(/needs a number for \{count\}/);
  });

  it("place nodes where the sentence of the language puts them", () => {
    const link = { element: "a" };
    expect(formatParts("Write to {email}; I answer.", "en", { email: link })).toEqual([
      "Write to ",
      link,
      "; I answer.",
    ]);
    expect(formatParts("{email}: escreva-me", "pt", { email: link })).toEqual([link, ": escreva-me"]);
    expect(() => formatParts("Hello {name}", "en", {})).toThrow(/no value for \{name\}/);
  });

  it("are asked for by key, and an island asking for a key it was not sent is told so", () => {
    const t = translator({ "list.newer": "Mais recentes" }, "pt");
    expect(t("list.newer")).toBe("Mais recentes");
    expect(t.lang).toBe("pt");
    expect(() => (t as (key: string) => string)("list.older")).toThrow(/No string "list.older"/);
  });
});

describe("the dictionaries", () => {
  it("come in English, Portuguese, Spanish, French, German, Italian and Arabic", () => {
    expect(builtInLanguages).toEqual(["en", "pt", "es", "fr", "de", "it", "ar"]);
    expect(builtInStringsFor("pt-BR")).toBe(builtInStrings.pt);
    expect(builtInStringsFor("EN-gb")).toBe(builtInStrings.en);
    expect(builtInStringsFor("ko")).toBeUndefined();
  });

  for (const lang of builtInLanguages) {
    it(`${lang}: every key, with English's placeholders and the language's plural forms`, () => {
      const strings = builtInStrings[lang]!;
      expect(Object.keys(strings).sort()).toEqual([...stringKeys].sort());
      const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
      for (const key of stringKeys) {
        const message = strings[key];
        expect(placeholdersOf(message).sort(), key).toEqual(placeholdersOf(en[key]).sort());
        if (isPluralKey(key)) {
          expect(typeof message, key).toBe("object");
          for (const category of categories)
            expect(message, `${key} in ${lang} lacks ${category}`).toHaveProperty(category);
          for (const form of Object.keys(message)) expect(pluralCategories).toContain(form);
        } else {
          expect(typeof message, key).toBe("string");
          expect((message as string).trim(), key).not.toBe("");
        }
      }
    });
  }

  it("translate what a visitor reads: no language but English keeps an English sentence", () => {
    // Strings that are the same in a language for good reason: the owner's name with ©, punctuation,
    // and words the language shares with English.
    const sameForGoodReason = new Set<string>([
      "layout.copyright",
      "page.title",
      "page.inCategory",
      "description.ownerImage",
      // Latin, as most languages' references write it.
      "publications.etAl",
    ]);
    for (const lang of builtInLanguages.filter((other) => other !== "en")) {
      const strings = builtInStrings[lang]!;
      const untranslated = stringKeys.filter(
        (key) => !sameForGoodReason.has(key) && JSON.stringify(strings[key]) === JSON.stringify(en[key]),
      );
      // A few single words are the language's own (French "Contact", "Date", "Message"; German "Name").
      expect(
        untranslated.every((key) => !/\s/.test((en[key] as string).replace(/\{\w+\}/g, "").trim())),
        `${lang}: ${untranslated.join(", ")}`,
      ).toBe(true);
    }
  });

  it("are listed in the guide's page on languages, every key with its English text", async () => {
    const languages = await readFile(path.join(repoRoot, "docs", "languages.md"), "utf8");
    const listed = [...languages.matchAll(/^\| `([a-zA-Z]+\.[a-zA-Z]+)` +\|/gm)].map((match) => match[1]);
    expect(listed).toEqual(stringKeys);
  });

  it("say which way a language is written", () => {
    expect(["ar", "he", "fa", "ur", "ar-EG"].map(textDirection)).toEqual(["rtl", "rtl", "rtl", "rtl", "rtl"]);
    expect(["en", "pt-BR", "de"].map(textDirection)).toEqual(["ltr", "ltr", "ltr"]);
  });
});

describe("the config's strings", () => {
  let site: SiteCopy;
  beforeEach(async () => {
    site = await copySampleSite();
  });
  afterEach(async () => {
    await site.remove();
  });

  async function withConfig(fields: string, lang = "en") {
    const source = await site.read("portfolio.config.ts");
    const edited = source
      .replace('lang: "en"', `lang: ${JSON.stringify(lang)}`)
      .replace(/\}\);\s*$/, `  ${fields}\n});\n`);
    await site.write("portfolio.config.ts", edited);
  }
  const load = () => loadConfig({ cwd: site.root, env: {} });
  const loadError = () =>
    load().then(
      () => {
        throw new Error("expected the config to be refused");
      },
      (error: Error) => error.message,
    );

  it("take the site language's dictionary, with the owner's own words over it", async () => {
    await withConfig(
      `strings: { "page.blogs": "Escritos", "series.parts": { one: "{count} parte", other: "{count} partes" } },`,
      "pt",
    );
    const { config } = await load();
    expect(config.strings["page.blogs"]).toBe("Escritos");
    expect(config.strings["page.about"]).toBe(builtInStrings.pt!["page.about"]);
    expect(formatMessage(config.strings["series.parts"], "pt", { count: 3 })).toBe("3 partes");
  });

  it("name an unknown key, and the key it most likely meant", async () => {
    await withConfig(`strings: { "page.blgos": "Writing" },`);
    const message = await loadError();
    expect(message).toContain('strings["page.blgos"]');
    expect(message).toContain('did you mean "page.blogs"?');
  });

  it("refuse a placeholder the string does not have, and a plural without its other form", async () => {
    await withConfig(`strings: { "list.pageOf": "Page {page} of {count}", "search.found": { one: "{count} hit" } },`);
    const message = await loadError();
    expect(message).toContain('strings["list.pageOf"]');
    expect(message).toContain("{page} is not a placeholder of this string: expected only {number}, {count}");
    expect(message).toContain('strings["search.found"]');
    expect(message).toContain('expected an "other" form');
  });

  it("show English for what a language the engine does not ship has not been given, and say so", async () => {
    await withConfig(`strings: { "page.about": "Pri mi" },`, "eo");
    const { config } = await load();
    expect(config.strings["page.about"]).toBe("Pri mi");
    expect(config.strings["page.resume"]).toBe("Resume");
    expect(config.untranslatedStrings).toHaveLength(stringKeys.length - 1);
    const { warnings } = await buildSite({ cwd: site.root, env: {}, write: false });
    const warning = warnings.find((text) => text.includes("site.lang"));
    expect(warning).toContain('site.lang is "eo", a language the engine has no strings for');
    expect(warning).toContain(
      `${stringKeys.length - 1} of the ${stringKeys.length} strings of the interface are shown in English`,
    );
  });

  it("make a site in a language the engine does not ship, when the owner gives all its words", async () => {
    const all = Object.fromEntries(stringKeys.map((key) => [key, en[key]])) as Record<StringKey, unknown>;
    all["page.about"] = "Pri mi";
    await withConfig(`strings: ${JSON.stringify(all)},`, "eo");
    const { config } = await load();
    expect(config.site.lang).toBe("eo");
    expect(config.strings["page.about"]).toBe("Pri mi");
    expect(config.untranslatedStrings).toEqual([]);
  });

  it("keep the Resume's section titles apart in the site's language", async () => {
    const source = await site.read("portfolio.config.ts");
    await site.write(
      "portfolio.config.ts",
      source
        .replace('lang: "en"', 'lang: "pt"')
        .replace(
          /\}\);\s*$/,
          `  resume: { customSections: [{ id: "formacao", title: "${builtInStrings.pt!["resume.education"]}", layout: "timeline" }] },\n});\n`,
        ),
    );
    const message = await loadError();
    expect(message).toContain("resume.customSections[0].title");
    expect(message).toContain(`is another section's title`);
  });
});
