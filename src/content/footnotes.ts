/**
 * The footnotes' HTML, drawn by the site rather than by marked-footnote (which still reads them): marked-footnote
 * names a note after its label (`[^ref-1]`: `fn-ref-1`) and a reference after the same label with `ref-` before it
 * (`[^1]`'s: `fn-ref-1`), so two of its ids could be one. Here each id is a placeholder, one per element, that
 * renderMarkdown swaps for an id from the body's one source of ids (body-ids.ts), after sanitising: an id written
 * in the Markdown cannot pass for one, since the placeholders start with a word made anew for each text.
 */
import { randomBytes } from "node:crypto";
import type { MarkedExtension } from "marked";
import type { Footnote, FootnoteRef, Footnotes } from "marked-footnote";
import { idFragment } from "../slug.js";
import type { BodyIds } from "./body-ids.js";
import type { WritingLabels } from "./markdown-extensions.js";

/** The footnotes of the text being parsed: each element's placeholder and the id it asks for. */
export class FootnoteIds {
  /** Starts every placeholder; new for each text, so no text can write one. */
  private mark = "";
  private readonly wanted: string[] = [];
  private readonly placeholders = new Map<string, string>();
  /** The number the reader sees for each label: the order of first reference. */
  numbers = new Map<string, number>();

  /** Forgets the last text's footnotes. */
  reset(): void {
    this.mark = `fn${randomBytes(8).toString("hex")}-`;
    this.wanted.length = 0;
    this.placeholders.clear();
    this.numbers.clear();
  }

  /** The placeholder of one element (`key`), which asks for the id `wanted`. */
  placeholder(key: string, wanted: string): string {
    let placeholder = this.placeholders.get(key);
    if (placeholder === undefined) {
      placeholder = `${this.mark}${this.wanted.push(wanted) - 1}`;
      this.placeholders.set(key, placeholder);
    }
    return placeholder;
  }

  /** An attribute's value that is one of this text's placeholders (not one the Markdown wrote). */
  isPlaceholder(value: string | undefined): value is string {
    return this.mark !== "" && value !== undefined && new RegExp(`^#?${this.mark}\\d+$`).test(value);
  }

  /** The HTML with each placeholder swapped for its id, claimed from `ids` (with `idPrefix` before it) in order. */
  withIds(html: string, ids: BodyIds, idPrefix: string): string {
    if (!this.wanted.length) return html;
    const claimed = new Map<string, string>();
    return html.replace(new RegExp(`${this.mark}(\\d+)`, "g"), (_placeholder, index: string) => {
      let id = claimed.get(index);
      if (id === undefined) {
        id = ids.claim(`${idPrefix}${this.wanted[Number(index)]}`);
        claimed.set(index, id);
      }
      return id;
    });
  }
}

/** Renderers for marked-footnote's tokens, to be used after it (they take its renderers' place). */
export function footnoteRenderers(footnotes: () => FootnoteIds, labels: WritingLabels): MarkedExtension {
  const nameOf = (label: string) => idFragment(label) || String(footnotes().numbers.get(label) ?? "");
  const noteId = (label: string) => footnotes().placeholder(`note ${label}`, `fn-${nameOf(label)}`);
  const referenceId = (label: string, index: number) =>
    footnotes().placeholder(
      `reference ${index} ${label}`,
      `fn-ref-${nameOf(label)}${index > 0 ? `-${index + 1}` : ""}`,
    );
  const headingId = () => footnotes().placeholder("heading", "fn-label");
  return {
    walkTokens(token) {
      if (token.type === "footnotes")
        footnotes().numbers = new Map(
          (token as unknown as Footnotes).items.map(({ label }, index) => [label, index + 1]),
        );
    },
    extensions: [
      {
        name: "footnoteRef",
        renderer(token) {
          const { label, index } = token as unknown as FootnoteRef;
          const number = footnotes().numbers.get(label) ?? 0;
          return `<sup><a id="${referenceId(label, index)}" href="#${noteId(label)}" aria-describedby="${headingId()}">${number}</a></sup>`;
        },
      },
      {
        name: "footnotes",
        renderer(token) {
          const { raw, items } = token as unknown as Footnotes;
          if (!items.length) return "";
          const notes = items.map((note) => noteHtml(this.parser.parse(note.content).trimEnd(), note)).join("");
          const heading = `<h2 id="${headingId()}" class="visually-hidden">${raw.trimEnd()}</h2>`;
          return `<section class="footnotes" aria-labelledby="${headingId()}">\n${heading}\n<ol>\n${notes}</ol>\n</section>\n`;
        },
      },
    ],
  };

  /**
   * A note, its links back to each place it is referred from at the end of its last paragraph, each named after
   * the number the reader saw there ("Back to reference 2"; the second reference to one note "2 (2)"), not after
   * the label written in the Markdown (`[^speed]`), which the reader never sees. The second's mark (↩²) keeps its
   * number after the link: inside it, "↩2" would be a visible name the link's own does not contain.
   */
  function noteHtml(content: string, { label, refs }: Footnote): string {
    const number = String(footnotes().numbers.get(label) ?? "");
    const backLinks = refs
      .map((_reference, index) => {
        const name = labels.backToReference.replace("{label}", index > 0 ? `${number} (${index + 1})` : number);
        const link = `<a href="#${referenceId(label, index)}" aria-label="${escapeAttribute(name)}">↩</a>`;
        return ` ${link}${index > 0 ? `<sup>${index + 1}</sup>` : ""}`;
      })
      .join("");
    const inParagraph = content.endsWith("</p>");
    const body = inParagraph ? `${content.slice(0, -"</p>".length)}${backLinks}</p>` : `${content}${backLinks}`;
    return `<li id="${noteId(label)}">\n${body}\n</li>\n`;
  }
}

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}
