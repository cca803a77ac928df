/// <reference lib="dom" />

/**
 * A video facade in the browser (`::youtube`, `::vimeo`; the HTML is content/directives.ts's): a
 * plain module run at the visitor's first reach for the facade, never before. Its button becomes
 * the host's player, which is the first the host hears of the page; the player starts as it
 * loads, since the click asked for it, and takes the focus the button had.
 */
export async function hydrate(root: HTMLElement): Promise<void> {
  const button = root.querySelector<HTMLButtonElement>("button.embed-play");
  const src = root.dataset.embedSrc;
  if (!button || !src?.startsWith("https://")) return;
  button.addEventListener("click", () => {
    const player = document.createElement("iframe");
    player.src = src;
    player.title = root.dataset.embedTitle ?? "";
    player.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
    player.referrerPolicy = "strict-origin-when-cross-origin";
    player.className = "embed-player";
    button.replaceWith(player);
    player.focus();
  });
}
