import { idFragment } from "../slug.js";
import { codeString } from "../import/config-snippet.js";

/**
 * Where a site without `cv` in its config gets its CV, and the name a visitor saves it under,
 * made from the owner's name: `cv/ada-lovelace-cv.pdf`, saved as `Ada-Lovelace-CV.pdf`.
 */
export function suggestedCv(ownerName: string): { file: string; downloadAs: string } {
  const words = ownerName
    .normalize("NFC")
    .replace(/[^\p{L}\p{N}]+/gu, "-")
    .replace(/^-|-$/g, "");
  return {
    file: `cv/${idFragment(ownerName) ? `${idFragment(ownerName)}-` : ""}cv.pdf`,
    downloadAs: `${words ? `${words}-` : ""}CV.pdf`,
  };
}

/** The `cv` field to add to portfolio.config.ts, as TypeScript. */
export function cvConfigText(cv: { file: string; downloadAs: string }): string {
  return `cv: { file: ${codeString(cv.file)}, downloadAs: ${codeString(cv.downloadAs)} },`;
}
