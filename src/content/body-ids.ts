import { UniqueNames } from "./unique-names.js";

/**
 * The ids the page around a rendered body gives its own elements (page-parts.tsx's `main`, PostScreen.tsx's
 * comments heading), and the starts of those it makes by counting (island.tsx's `island-0`, `island-1`, …).
 */
const pageOwnIds = ["main", "comments-heading"];
const pageOwnPrefixes = ["island-"];

/** Ids in use: those claimed, and every id inside a claimed namespace (a diagram's, whose drawing names its own). */
class TakenIds extends Set<string> {
  readonly prefixes: string[] = [...pageOwnPrefixes];

  override has(name: string): boolean {
    return super.has(name) || this.prefixes.some((prefix) => name.startsWith(prefix));
  }
}

/**
 * The one source of the ids a rendered Markdown body gives its elements (headings, footnotes and their references,
 * diagrams): each id is handed out once, so no two can meet however the text names its headings and footnotes
 * (`[^1]`'s reference would be `fn-ref-1`, the id `[^ref-1]`'s note wants). Whoever asks first keeps the id they
 * asked for; a later ask gets the next free one (`fn-ref-1-2`). None is an id of the page around the body.
 */
export class BodyIds {
  private readonly taken = new TakenIds(pageOwnIds);
  private readonly names = new UniqueNames(this.taken);

  /** `base`, or `base-2`, `base-3`, … when it is taken. */
  claim(base: string): string {
    // An id inside a namespace (`island-0`), or one whose numbered forms all are (`island`: `island-2`, …), is asked
    // for as another (`island_0_`), which none holds: the namespaces' names all have a `-` inside.
    let free = base;
    while (this.taken.prefixes.some((prefix) => free.startsWith(prefix) || prefix === `${free}-`))
      free = `${free.replaceAll("-", "_")}_`;
    return this.names.claim(free);
  }

  /**
   * A namespace for ids made elsewhere (a diagram's drawing names its parts `<prefix><Mermaid's id>`): `base`, or
   * `base` with a number (`diagram-1_2-`) when some id already claimed starts with it. No id claimed later starts
   * with it.
   */
  claimPrefix(base: string): string {
    // A numbered form never starts with `base` itself (`diagram-1_2-`, not `diagram-1-2-`): were `base` the
    // namespace held, every form starting with it would be inside it, and none would ever be free.
    const stem = base.replace(/-$/, "");
    let prefix = base;
    for (let suffix = 2; !this.isFreePrefix(prefix); suffix++) prefix = `${stem}_${suffix}-`;
    this.taken.prefixes.push(prefix);
    return prefix;
  }

  private isFreePrefix(prefix: string): boolean {
    if (this.taken.prefixes.some((other) => other.startsWith(prefix) || prefix.startsWith(other))) return false;
    for (const id of this.taken) if (id.startsWith(prefix)) return false;
    return true;
  }
}
