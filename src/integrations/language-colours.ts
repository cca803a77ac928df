/**
 * A language's colour as GitHub shows it, from linguist's own data (the `linguist-languages`
 * package, which Prettier also reads). Each language is a module of its own, so a build loads only
 * the few its repositories use, not all 800.
 */
export async function languageColour(language: string): Promise<string | undefined> {
  // The package names each module after the language, every character
  // but letters, digits and "-" as `_hex_`: C++ → C_2b__2b_.
  const file = language.replace(/[^A-Za-z0-9-]/g, (character) => `_${character.charCodeAt(0).toString(16)}_`);
  try {
    const data = (await import(`linguist-languages/data/${file}`)) as { default?: { color?: unknown } };
    const colour = data.default?.color;
    return typeof colour === "string" && /^#[0-9a-f]{6}$/i.test(colour) ? colour.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}
