import { primaryLanguage } from "../i18n/strings.js";

/** A link to the page in one language of the site. */
export interface LanguageLink {
  lang: string;
  /** The same page in that language, or that language's home when the page has no version in it. */
  href: string;
}

/**
 * The language menu of a site in several languages: plain links beside the search button, one per
 * other language, each named in its own language ("Português", with `lang` so a screen reader says
 * it in Portuguese) and shown by its short code (PT). None on a site in one language.
 */
export function LanguageMenu({ links, current, label }: { links: LanguageLink[]; current: string; label: string }) {
  const others = links.filter((link) => link.lang !== current);
  if (others.length === 0) return null;
  return (
    <nav className="language-menu" aria-label={label}>
      <ul>
        {others.map((link) => (
          <li key={link.lang}>
            <a
              className="topbar-button language-link"
              href={link.href}
              hrefLang={link.lang}
              lang={link.lang}
              title={languageAutonym(link.lang)}
            >
              <span aria-hidden="true">{shortName(link.lang, links)}</span>
              <span className="visually-hidden">{languageAutonym(link.lang)}</span>
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A language's name in itself, as a menu item: "Português", "Deutsch", "العربية". */
export function languageAutonym(lang: string): string {
  let name: string | undefined;
  try {
    name = new Intl.DisplayNames([lang], { type: "language" }).of(lang);
  } catch {
    name = undefined;
  }
  if (!name || name === lang) return lang;
  return `${name.charAt(0).toLocaleUpperCase(lang)}${name.slice(1)}`;
}

/** PT; the whole tag (PT-BR) when the site has the language twice, so the two are told apart. */
function shortName(lang: string, links: LanguageLink[]): string {
  const primary = primaryLanguage(lang);
  const twice = links.filter((link) => primaryLanguage(link.lang) === primary).length > 1;
  return (twice ? lang : primary).toUpperCase();
}
