/**
 * The new site's photo until the owner puts theirs: their initials on a slate tile (a head and
 * shoulders when the name has no letter to take). The tile is mid-grey-blue with white letters, so
 * it stands out from the light theme's pale surfaces and the dark theme's near-black ones alike.
 */
export function avatarSvg(name: string): string {
  const letters = initials(name);
  const figure = letters
    ? `<text x="120" y="${letters.length > 1 ? 148 : 152}" text-anchor="middle" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif" font-size="${letters.length > 1 ? 84 : 100}" font-weight="600" letter-spacing="2" fill="#f8fafc">${escapeXml(letters)}</text>`
    : '<g fill="#e2e8f0"><circle cx="120" cy="98" r="40"/><path d="M48 240c0-48 32-82 72-82s72 34 72 82z"/></g>';
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240">',
    '<defs><linearGradient id="avatar-bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5b6b84"/><stop offset="1" stop-color="#2f3b4e"/></linearGradient></defs>',
    '<rect width="240" height="240" fill="url(#avatar-bg)"/>',
    '<circle cx="196" cy="40" r="84" fill="#fff" opacity=".08"/>',
    figure,
    "</svg>",
    "",
  ].join("\n");
}

/**
 * The first letter of the first and of the last word that start with a letter, in capitals: "Ada King Lovelace" → "AL".
 */
export function initials(name: string): string {
  const words = name
    .normalize("NFC")
    .split(/[\s\p{Z}]+/u)
    .filter((word) => /^\p{L}/u.test(word));
  const first = words[0]?.match(/^\p{L}\p{M}*/u)?.[0];
  const last = words.length > 1 ? words.at(-1)!.match(/^\p{L}\p{M}*/u)?.[0] : undefined;
  return `${first ?? ""}${last ?? ""}`.toLocaleUpperCase();
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
