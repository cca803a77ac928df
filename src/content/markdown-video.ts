import type sanitize from "sanitize-html";

/**
 * How the sanitiser keeps a `<video>` written in HTML (docs/security.md): its files the site's own
 * (`localFile` gives a file's address on the site, or undefined for another host's, which is dropped
 * as an image's is), its controls on, nothing of it loaded before play, and never playing by itself.
 */
export function videoTransforms(
  localFile: (written: string | undefined) => string | undefined,
): Record<"video" | "source" | "track", sanitize.Transformer> {
  const file = (name: string, written: string | undefined): Record<string, string> => {
    const href = localFile(written);
    return href === undefined ? {} : { [name]: href };
  };
  return {
    video: (tagName, { src, poster, autoplay: _autoplay, controls: _controls, preload: _preload, ...attribs }) => ({
      tagName,
      attribs: { ...file("src", src), ...attribs, ...file("poster", poster), controls: "", preload: "none" },
    }),
    source: (tagName, { src, ...attribs }) => ({ tagName, attribs: { ...file("src", src), ...attribs } }),
    track: (tagName, { src, ...attribs }) => ({ tagName, attribs: { ...file("src", src), ...attribs } }),
  };
}
