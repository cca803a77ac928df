/**
 * Results `portfolio dev` carries from one build to the next, by what each was made from (a text,
 * a file's name and bytes, a page's digest). A build looks a result up among its own and then the
 * last build's, and keeps for the next build exactly the results it used or made: what the site no
 * longer has is forgotten, so what dev holds never grows with the saves.
 */
export interface KeptResults<K, V> {
  /** The last build's results. */
  readonly previous: ReadonlyMap<K, V>;
  /** This build's, which the next build starts from. */
  readonly next: Map<K, V>;
}

/** A build's results, starting from those the last build kept (none for the first). */
export function keptFrom<K, V>(previous: ReadonlyMap<K, V> | undefined): KeptResults<K, V> {
  return { previous: previous ?? new Map<K, V>(), next: new Map<K, V>() };
}

/** The result kept for `key`, this build's first: for the caller to check before using it (and keeping it). */
export function lastKept<K, V>(kept: KeptResults<K, V> | undefined, key: K): V | undefined {
  return kept && (kept.next.get(key) ?? kept.previous.get(key));
}

/** Keeps `value` for the next build, and returns it. */
export function keep<K, V>(kept: KeptResults<K, V> | undefined, key: K, value: V): V {
  kept?.next.set(key, value);
  return value;
}

/** The result for `key`: the one kept, or `make`'s; kept for the next build either way. */
export function recall<K, V>(kept: KeptResults<K, V> | undefined, key: K, make: () => V): V {
  const known = lastKept(kept, key);
  return keep(kept, key, known !== undefined ? known : make());
}
