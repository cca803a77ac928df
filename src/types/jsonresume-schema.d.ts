declare module "@jsonresume/schema" {
  /** One failure of jsonschema's validator, as @jsonresume/schema passes it on. */
  export interface SchemaError {
    /** Where, as keys and indexes: `["work", 2, "startDate"]`. */
    path: Array<string | number>;
    /** The rule that failed: "type", "pattern", "format", … */
    name: string;
    /** The rule's argument: the expected type, the pattern, the format's name. */
    argument: unknown;
    instance: unknown;
    message: string;
  }

  const jsonResume: {
    /** Calls back at once (synchronously) with the failures, or null and true. */
    validate(resume: unknown, callback: (errors: SchemaError[] | null, valid: boolean) => void): void;
    schema: Record<string, unknown>;
  };
  export default jsonResume;
}
