/**
 * What the CLI prints may carry text from content, a JSON Resume or a config: a YAML key, a skill
 * name. A terminal obeys control sequences in it (set the window title, clear the screen, write
 * the clipboard with OSC 52), and bidi overrides make it show other text than is there. Both
 * functions turn such characters into a visible escape (`\x1b`, `\u202e`) instead of dropping them,
 * so the owner still sees that something was there.
 */

// C0 but tab and newline, DEL, C1, and the bidi embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex
const unprintable = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

// The colours portfolio adds itself (picocolors): SGR with one number, such as `\x1b[31m`.
// eslint-disable-next-line no-control-regex
const colourOrUnprintable = /\x1b\[\d{1,3}m|[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

function visibleEscape(character: string): string {
  const code = character.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Untrusted text, escaped whole: for a value before portfolio colours the line around it. */
export function printable(text: string): string {
  return text.replace(unprintable, visibleEscape);
}

/**
 * A whole line on its way to the terminal: every control character escaped, except the colour
 * sequences portfolio's own output holds. Whatever a print path forgot to pass through
 * `printable` can at most change a colour, never move the cursor, retitle or clear anything.
 */
export function terminalSafe(text: string): string {
  return text.replace(colourOrUnprintable, (match) => (match.length > 1 ? match : visibleEscape(match)));
}
