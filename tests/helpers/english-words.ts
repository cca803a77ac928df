import type { Page } from "playwright-core";
import type { Message } from "../../src/i18n/message.js";
import type { Strings } from "../../src/i18n/strings.js";
import { en } from "../../src/i18n/strings/en.js";

/** Names that are the same in every language: a product's, a key's. */
const names = /JSON Resume|JavaScript|Ctrl\+K/g;

/** The words of a message around its placeholders: "Page {number} of {count}" → "Page", "of". */
function fragmentsOf(message: Message): string[] {
  const texts: string[] = typeof message === "string" ? [message] : Object.values(message);
  return texts.flatMap((text) =>
    text
      .replace(names, "{name}")
      .split(/\{\w+\}/)
      .map((fragment: string) => fragment.trim().replace(/^[\s,.:;!?“”«»"()·—-]+|[\s,.:;!?“”«»"()·—-]+$/g, ""))
      .filter((fragment) => /\p{L}{2}/u.test(fragment)),
  );
}

/**
 * What of the English dictionary a page in another language must not show: each message's words
 * around its placeholders, unless the other language writes the very same words (French "Contact").
 */
export function englishFragments(other: Strings): string[] {
  const theirs = new Set(Object.values(other).flatMap(fragmentsOf));
  return [...new Set(Object.values(en).flatMap(fragmentsOf))].filter((fragment) => !theirs.has(fragment));
}

/**
 * Every text a visitor can see or hear on the page as it is now: its title and description, the
 * text of its body (what `<noscript>` would show included), and the attributes assistive technology
 * and browsers show (aria-label, title, alt, placeholder, value of buttons).
 */
export function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [document.title];
    for (const meta of document.querySelectorAll<HTMLMetaElement>('meta[name="description"], meta[property^="og:"]'))
      texts.push(meta.content);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent?.closest("script, style")) continue;
      if (parent?.closest("noscript")) {
        // With scripts on, a <noscript>'s content is its markup as text: read it as a page would.
        texts.push(new DOMParser().parseFromString(node.textContent ?? "", "text/html").body.textContent ?? "");
      } else texts.push(node.textContent ?? "");
    }
    for (const element of document.querySelectorAll(
      "[aria-label], [title], [alt], [placeholder], input[type=submit]",
    )) {
      for (const name of ["aria-label", "title", "alt", "placeholder", "value"]) {
        const value = element.getAttribute(name);
        if (value) texts.push(value);
      }
    }
    return texts.map((text) => text.replace(/\s+/g, " ").trim()).filter(Boolean);
  });
}

/** The English fragments found in the page's texts, each with the text it was found in. */
export async function englishOnPage(page: Page, fragments: string[]): Promise<string[]> {
  return englishIn(await pageTexts(page), fragments);
}

/** The English fragments found in a page's texts (`pageTexts`, or html-texts.ts for a built file), each with the text it was found in. */
export function englishIn(pageTexts: string[], fragments: string[]): string[] {
  const texts = pageTexts.map((text) => text.replace(names, " "));
  return fragments.flatMap((fragment) => {
    const word = new RegExp(
      `(?<![\\p{L}\\p{N}])${fragment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\p{L}\\p{N}])`,
      "u",
    );
    const found = texts.find((text) => word.test(text));
    return found ? [`"${fragment}" in "${found.slice(0, 120)}"`] : [];
  });
}
