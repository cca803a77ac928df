/** A file of the site as a stage of the build made it, for the write stage to write (pipeline/write-site.ts). */
export interface OutputFile {
  /** Path inside the output folder, with forward slashes. */
  file: string;
  contents: string | Uint8Array;
  /** A digest of `contents`, when the build knows it already (a document kept from the last build). */
  digest?: string | undefined;
}
