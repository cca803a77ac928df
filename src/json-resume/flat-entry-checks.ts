import jsonResume from "@jsonresume/schema";
import { FORMAT_REGEXPS } from "jsonschema/lib/helpers.js";

/** Whether a value certainly passes a part of the official schema; false also when only the validator can tell. */
type Check = (value: unknown) => boolean;

type SchemaPart = Record<string, unknown>;

/**
 * For each list of the official schema whose entries are flat objects of strings (`publications`,
 * `awards`, `certificates`…), a check made from the schema itself: the same types, patterns and
 * formats jsonschema applies (the same regular expressions). An entry it passes is valid; one it does
 * not, or of a list whose schema says more, is left to the validator, which also words the problem.
 * The validator takes a tenth of a millisecond an entry: 500 publications from a .bib took 60 ms.
 */
const flatListChecks: ReadonlyMap<string, Check> = new Map(
  Object.entries((jsonResume.schema.properties ?? {}) as Record<string, SchemaPart>).flatMap(([section, list]) => {
    const check = onlyKeys(list, ["type", "description", "items"]) && list.type === "array" && flatObject(list.items);
    return check ? [[section, check] as const] : [];
  }),
);

/** Whether `entry`, of the list `section` of a résumé, certainly passes the official schema. */
export function passesFlatCheck(section: string, entry: unknown): boolean {
  return flatListChecks.get(section)?.(entry) ?? false;
}

function flatObject(part: unknown): Check | undefined {
  if (!isPart(part) || !onlyKeys(part, ["type", "description", "additionalProperties", "properties"])) return undefined;
  if (part.type !== "object" || part.additionalProperties !== true || !isPart(part.properties)) return undefined;
  const checks: Array<[string, Check]> = [];
  for (const [name, property] of Object.entries(part.properties)) {
    const check = stringCheck(property);
    if (!check) return undefined;
    checks.push([name, check]);
  }
  return (entry) =>
    isPart(entry) &&
    Object.getPrototypeOf(entry) === Object.prototype &&
    checks.every(([name, check]) => !Object.hasOwn(entry, name) || (entry[name] !== undefined && check(entry[name])));
}

function stringCheck(part: unknown): Check | undefined {
  const resolved = isPart(part) && typeof part.$ref === "string" ? definition(part.$ref) : part;
  if (!isPart(resolved) || !onlyKeys(resolved, ["type", "description", "pattern", "format"])) return undefined;
  if (resolved.type !== "string") return undefined;
  // As jsonschema reads a pattern: with the `u` flag.
  const pattern = typeof resolved.pattern === "string" ? new RegExp(resolved.pattern, "u") : undefined;
  if (resolved.pattern !== undefined && !pattern) return undefined;
  const format = typeof resolved.format === "string" ? FORMAT_REGEXPS[resolved.format] : undefined;
  if (resolved.format !== undefined && !(format instanceof RegExp)) return undefined;
  return (value) =>
    typeof value === "string" &&
    (!pattern || pattern.test(value)) &&
    (!(format instanceof RegExp) || format.test(value));
}

/** A `$ref` of the schema's own definitions (`#/definitions/iso8601`). */
function definition(reference: string): unknown {
  const name = /^#\/definitions\/([^/]+)$/.exec(reference)?.[1];
  const definitions = jsonResume.schema.definitions;
  return name && isPart(definitions) ? definitions[name] : undefined;
}

function isPart(value: unknown): value is SchemaPart {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function onlyKeys(part: unknown, keys: readonly string[]): part is SchemaPart {
  return isPart(part) && Object.keys(part).every((key) => keys.includes(key));
}
