import { SaxesParser } from "saxes";
import { portfolioError } from "../errors.js";
import type { OutputFile } from "../output-file.js";
import type { BuildMemo } from "./build-options.js";
import { keep, keptFrom, lastKept } from "../kept-results.js";

/** Files that must be XML; the pages are HTML, which is not. */
const xmlFile = /\.(xml|svg|xsl|xslt|atom|rss)$/i;

/**
 * Stops the build if any XML file it made is not well-formed, before anything is written: a feed
 * reader that meets an ill-formed feed shows nothing, or guesses. Such a file is portfolio's bug,
 * whatever the content, since every text is escaped on the way in.
 */
export function checkGeneratedXml(
  files: readonly OutputFile[],
  memo?: Pick<BuildMemo, "wellFormedXml"> | undefined,
): void {
  // In `portfolio dev`, a text found well-formed by the last build is not parsed again.
  const wellFormed = memo && keptFrom(memo.wellFormedXml);
  for (const { file, contents } of files) {
    if (!xmlFile.test(file)) continue;
    const text = typeof contents === "string" ? contents : new TextDecoder().decode(contents);
    if (!lastKept(wellFormed, text)) {
      const problem = xmlProblem(text);
      if (problem) throw portfolioError("GeneratedXmlInvalid", [file, problem]);
    }
    keep(wellFormed, text, true);
  }
  if (memo && wellFormed) memo.wellFormedXml = wellFormed.next;
}

/**
 * What a strict, namespace-aware parser finds wrong first ("line:column: problem"), or undefined when the text is
 * well-formed.
 */
export function xmlProblem(text: string): string | undefined {
  try {
    new SaxesParser({ xmlns: true }).write(text).close();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
