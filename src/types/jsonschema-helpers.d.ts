declare module "jsonschema/lib/helpers.js" {
  /** The patterns jsonschema's validator checks each `format` with (a function for a few). */
  export const FORMAT_REGEXPS: Record<string, RegExp | ((input: string) => boolean) | undefined>;
}
