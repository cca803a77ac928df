/**
 * The layers of src/, lowest first, in the pipeline's direction: foundations (errors, paths, the
 * owner's files, the cache), then config → theme → content → the pages table → the views → render
 * → the pipeline that runs them and writes, and the commands on top. A file may import a file of its
 * own part or of a lower layer; the parts of one layer are peers and import none of each other.
 * ARCHITECTURE.md's "Code map" lists the same parts in the same order (tests/architecture.test.ts).
 */
export interface Layer {
  /** Folders of src/ (`config`), or `.` for the files at its root. */
  parts: readonly string[];
}

/** An import the order forbids, allowed for the reason given beside it. */
export interface AllowedImport {
  /** Files as paths inside src/ (`dev/dev-server.ts`). */
  from: string;
  to: string;
  why: string;
}

export interface LayerTable {
  layers: readonly Layer[];
  allowed: readonly AllowedImport[];
}

/**
 * The browser's bundles are made from these files as they are, and esbuild names each chunk from what
 * it is made of (its modules' text and places): moving one, or changing a type in it, renames the
 * island chunks and so changes every page that links them, which a build's output must not do
 * without a reason of its own. They move with the next change of the islands' output.
 */
const bundledAsItIs = "bundled for the browser as it is: moving it would rename the island chunks every page links";

export const srcLayers: LayerTable = {
  layers: [
    { parts: ["types"] },
    { parts: ["."] },
    { parts: ["project", "terminal"] },
    { parts: ["cache", "chromium"] },
    { parts: ["images", "i18n", "contact"] },
    { parts: ["config"] },
    { parts: ["theme"] },
    { parts: ["content"] },
    { parts: ["json-resume"] },
    { parts: ["resume", "routes"] },
    { parts: ["islands"] },
    { parts: ["client", "integrations"] },
    { parts: ["components"] },
    { parts: ["layouts", "screens"] },
    { parts: ["overrides"] },
    { parts: ["render"] },
    { parts: ["pipeline"] },
    { parts: ["serve", "import", "deploy", "upgrade"] },
    { parts: ["cv", "dev"] },
    { parts: ["init"] },
    { parts: ["cli"] },
  ],
  allowed: [
    ...[
      { from: "format-date.ts", to: "content/partial-date.ts" },
      { from: "i18n/message.ts", to: "config/define-config.ts" },
      { from: "islands/ContactForm.tsx", to: "client/contact-send.ts" },
      { from: "islands/ContactForm.tsx", to: "client/turnstile.ts" },
      { from: "islands/ContactForm.tsx", to: "components/Rich.tsx" },
    ].map((allowance) => ({ ...allowance, why: bundledAsItIs })),
  ],
};
