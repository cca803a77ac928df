declare module "jsonfeed-schema/v1.1" {
  /** The JSON Schema (draft 7) of JSON Feed 1.1, as its package ships it. */
  const schema: Record<string, unknown>;
  export default schema;
}
