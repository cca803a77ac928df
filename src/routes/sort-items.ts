// The config's `sort`: a list's items ordered by fields, the engine's or the owner's, before it is paged.
import type { ResolvedConfig } from "../config/config-schema.js";

/** An item of a list that can be ordered: its own fields, and the owner's under `fields`. */
type Sortable = { fields: Record<string, unknown> };

/**
 * The items in the order `sort.<folder>` gives (`["-featured", "title"]`: `-` for the highest,
 * latest or true first), a field left out last either way; items alike in every field keep the
 * order they came in (the default's). Without a `sort` for the folder, the items as they are.
 */
export function sortedItems<T extends Sortable>(
  items: readonly T[],
  folder: string,
  config: Pick<ResolvedConfig, "sort" | "fields">,
): T[] {
  const keys = config.sort?.[folder];
  if (!keys?.length) return [...items];
  const own = config.fields?.[folder] ?? {};
  const orders = keys.map((key) => {
    const name = key.replace(/^-/, "");
    const descending = key.startsWith("-");
    const read = (item: T): unknown =>
      Object.hasOwn(own, name) ? item.fields[name] : (item as Record<string, unknown>)[name];
    return { read, descending };
  });
  return [...items].sort((a, b) => {
    for (const { read, descending } of orders) {
      const order = compareValues(read(a), read(b), descending);
      if (order !== 0) return order;
    }
    return 0;
  });
}

/** Two values of one field: a missing one after any other, whichever the direction. */
function compareValues(a: unknown, b: unknown, descending: boolean): number {
  const missingA = a === undefined || a === null;
  const missingB = b === undefined || b === null;
  if (missingA || missingB) return Number(missingA) - Number(missingB);
  const order =
    typeof a === "number" && typeof b === "number"
      ? a - b
      : typeof a === "boolean" && typeof b === "boolean"
        ? Number(a) - Number(b)
        : String(a).localeCompare(String(b));
  return descending ? -order : order;
}
