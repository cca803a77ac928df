/// <reference lib="dom" />
import type { CommentsProps } from "../islands/Comments.js";
import { darkThemeClass } from "./theme-storage.js";

/** How far below the viewport the comments start loading, so they are there when the visitor arrives. */
const nearViewport = "400px 0px";

/**
 * A post's comments in the browser: a plain module, not React, over the section the server wrote
 * (islands/Comments.tsx). giscus's web component is fetched (from the site itself) when the section
 * comes near the viewport, or when the visitor clicks "Show the comments"; it embeds giscus.app's
 * frame, the only thing of another host the page loads. The frame follows the site's theme.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const props = JSON.parse(
    document.querySelector(`script[data-island-props="${root.id}"]`)?.textContent ?? "{}",
  ) as CommentsProps;
  const button = root.querySelector<HTMLButtonElement>("[data-comments-show]")!;
  const place = root.querySelector<HTMLElement>("[data-comments-widget]")!;
  let shown = false;
  let observer: IntersectionObserver | undefined;

  const show = async (byClick: boolean) => {
    if (shown) return;
    shown = true;
    observer?.disconnect();
    await import("giscus");
    const widget = document.createElement("giscus-widget");
    const attributes: Record<string, string> = {
      repo: props.repo,
      repoid: props.repoId,
      category: props.category,
      categoryid: props.categoryId,
      mapping: "specific",
      term: props.term,
      // The discussion is found by a hash of the term, not by a search of titles that could match another post's.
      strict: "1",
      reactionsenabled: props.reactions ? "1" : "0",
      emitmetadata: "0",
      inputposition: "bottom",
      theme: giscusTheme(),
      lang: props.giscusLang,
      loading: "lazy",
    };
    for (const [name, value] of Object.entries(attributes)) widget.setAttribute(name, value);
    place.append(widget);
    button.hidden = true;
    // The button the visitor pressed is gone: focus goes to what it showed, not to the page's start.
    if (byClick) place.focus();
    new MutationObserver(() => widget.setAttribute("theme", giscusTheme())).observe(document.documentElement, {
      attributes: true,
      attributeFilter: ["class"],
    });
  };

  button.hidden = false;
  button.addEventListener("click", () => void show(true));
  if ("IntersectionObserver" in window) {
    observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void show(false);
      },
      { rootMargin: nearViewport },
    );
    // The island's own element has no box of its own (display: contents): its contents are watched.
    observer.observe(root.querySelector("[data-comments]") ?? root);
  }
}

/** giscus's theme for the site's current one. */
function giscusTheme(): string {
  return document.documentElement.classList.contains(darkThemeClass) ? "dark" : "light";
}
