/** Every class an element of the markup (HTML or SVG) has. */
export function classesOf(markup: string): Set<string> {
  return new Set([...markup.matchAll(/\sclass="([^"]*)"/g)].flatMap((match) => match[1]!.split(/\s+/)));
}

/** The top-level items of a stylesheet, in order: each rule, or `@`-rule with its block, whole. */
export function cssItems(css: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let index = 0; index < css.length; index++) {
    if (css[index] === "{") depth++;
    else if (css[index] === "}" && --depth === 0) {
      items.push(css.slice(start, index + 1));
      start = index + 1;
    }
  }
  return items;
}

/**
 * Whether a rule may match some element of markup with these classes: one of its selectors names
 * only classes the markup has (a class under `:not()` is one it may lack). An `@`-rule is kept whole.
 */
export function mayApply(rule: string, classes: ReadonlySet<string>): boolean {
  const selectors = rule.slice(0, rule.indexOf("{")).trim();
  return (
    selectors.startsWith("@") ||
    selectors
      .replace(/:not\([^)]*\)/g, "")
      .split(",")
      .some((selector) => [...selector.matchAll(/\.([\w-]+)/g)].every((match) => classes.has(match[1]!)))
  );
}

/** A stylesheet without the rules no element of markup with these classes can match. */
export function rulesThatApply(css: string, classes: ReadonlySet<string>): string {
  return cssItems(css)
    .filter((rule) => mayApply(rule, classes))
    .join("");
}
