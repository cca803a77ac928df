/**
 * Hands out names no one has yet: `base`, then `base-2`, `base-3`, … Each base keeps the suffix it
 * reached, so the n-th claim of one base costs one look-up, not n: trying every suffix from the
 * start made 100,000 identical headings (or résumé entries) take quadratic time. Names taken some
 * other way (a heading literally titled `a-2`, a file already there) are skipped all the same.
 */
export class UniqueNames {
  private readonly nextSuffix = new Map<string, number>();

  /** `taken`: names already in use; every claimed name is added to it. */
  constructor(private readonly taken: Set<string> = new Set()) {}

  claim(base: string): string {
    let suffix = this.nextSuffix.get(base) ?? 1;
    let name = suffix === 1 ? base : `${base}-${suffix}`;
    while (this.taken.has(name)) name = `${base}-${++suffix}`;
    this.nextSuffix.set(base, suffix + 1);
    this.taken.add(name);
    return name;
  }
}
