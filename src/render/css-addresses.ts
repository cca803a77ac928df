/**
 * The addresses a stylesheet makes a browser fetch, read as a browser reads CSS: tokenized by CSS
 * Syntax Level 3 (§4), escapes resolved, comments dropped. A pattern over the text cannot do it:
 * `url(\68 ttps://x)`, `@import"//x"`, `image-set("//x" 1x)` and a comment in the right place all
 * fetch what such a pattern misses.
 *
 * An address is fetched when it is a url token (`url(x)`), a string in a function that takes
 * images or addresses (`url("x")`, `src("x")`, `image-set("x" 1x)`, …), or the string of an
 * `@import`. Strings in a custom property (`--logo: "//x"`) are counted too, as `image-set(var(--logo))`
 * fetches them. A `url(` CSS cannot read (a quote or a space inside) is reported as such, since
 * no one should rely on a browser skipping it. `@namespace` names a namespace, not a file.
 */

/** A place a stylesheet names what a browser fetches: the address, or undefined for a `url(` CSS cannot read. */
export interface CssAddress {
  address: string | undefined;
}

/** The functions whose strings are addresses (CSS Values 4 `src()`, CSS Images 4). */
const fetchingFunctions = new Set([
  "url",
  "src",
  "image-set",
  "-webkit-image-set",
  "image",
  "-webkit-image",
  "cross-fade",
  "-webkit-cross-fade",
]);

type Token =
  | { type: "url"; value: string }
  | { type: "bad-url" }
  | { type: "string"; value: string }
  | { type: "function"; name: string }
  | { type: "at-keyword"; name: string }
  | { type: "ident"; name: string }
  | { type: "(" | ")" | "[" | "]" | "{" | "}" | ";" | ":" | "whitespace" | "other" };

/** Every address the stylesheet fetches, in order. */
export function fetchedAddresses(css: string): CssAddress[] {
  const found: CssAddress[] = [];
  /** Open blocks and functions: a function's name, or the bracket that opened a block. */
  const open: string[] = [];
  /** The at-rule whose prelude is being read, and how deep it began. */
  let prelude: { name: string; depth: number } | undefined;
  /** How deep a custom property's value began, while it is being read. */
  let customValue: number | undefined;
  let lastSignificant: Token | undefined;
  for (const token of tokenize(css)) {
    const inFetching = open.some((name) => fetchingFunctions.has(name));
    const inNamespace = prelude?.name === "namespace";
    switch (token.type) {
      case "url":
        if (!inNamespace) found.push({ address: token.value });
        break;
      case "bad-url":
        if (!inNamespace) found.push({ address: undefined });
        break;
      case "string":
        if (!inNamespace && (inFetching || prelude?.name === "import" || customValue !== undefined))
          found.push({ address: token.value });
        break;
      case "function":
        open.push(token.name.toLowerCase());
        break;
      case "(":
      case "[":
      case "{":
        if (token.type === "{" && prelude?.depth === open.length) prelude = undefined;
        if (token.type === "{" && customValue === open.length) customValue = undefined;
        open.push(token.type);
        break;
      case ")":
      case "]":
      case "}":
        open.pop();
        if (customValue !== undefined && open.length < customValue) customValue = undefined;
        if (prelude && open.length < prelude.depth) prelude = undefined;
        break;
      case ";":
        if (prelude?.depth === open.length) prelude = undefined;
        if (customValue === open.length) customValue = undefined;
        break;
      case ":":
        if (
          lastSignificant?.type === "ident" &&
          lastSignificant.name.startsWith("--") &&
          (open.length === 0 || open.at(-1) === "{")
        )
          customValue ??= open.length;
        break;
      case "at-keyword":
        prelude = { name: token.name.toLowerCase(), depth: open.length };
        break;
    }
    if (token.type !== "whitespace") lastSignificant = token;
  }
  return found;
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isWhitespace = (c: string | undefined) => c === "\n" || c === "\t" || c === " ";
const isIdentStart = (c: string | undefined) => c !== undefined && (/^[A-Za-z_]$/.test(c) || c.charCodeAt(0) >= 0x80);
const isIdentChar = (c: string | undefined) => isIdentStart(c) || isDigit(c) || c === "-";
const isNonPrintable = (c: string) => /^[\u0000-\u0008\u000b\u000e-\u001f\u007f]$/.test(c);

/** CSS Syntax 3 §4: the tokens of a stylesheet, comments dropped. */
export function* tokenize(source: string): Generator<Token> {
  // §3.3: newlines are one character, and NUL is U+FFFD.
  const s = source.replace(/\r\n?|\f/g, "\n").replace(/\0/g, "\uFFFD");
  let i = 0;

  const validEscape = (at: number) => s[at] === "\\" && s[at + 1] !== "\n";
  const startsIdent = (at: number) =>
    s[at] === "-"
      ? isIdentStart(s[at + 1]) || s[at + 1] === "-" || validEscape(at + 1)
      : isIdentStart(s[at]) || validEscape(at);
  const startsNumber = (at: number) => {
    const c = s[at];
    if (c === "+" || c === "-") return isDigit(s[at + 1]) || (s[at + 1] === "." && isDigit(s[at + 2]));
    return c === "." ? isDigit(s[at + 1]) : isDigit(c);
  };
  /** §4.3.7, with `i` just past the backslash. */
  const escaped = (): string => {
    if (i >= s.length) return "\uFFFD";
    if (!isHex(s[i])) return s[i++]!;
    let hex = "";
    while (hex.length < 6 && isHex(s[i])) hex += s[i++];
    if (isWhitespace(s[i])) i++;
    const code = Number.parseInt(hex, 16);
    return code === 0 || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff ? "\uFFFD" : String.fromCodePoint(code);
  };
  const name = (): string => {
    let result = "";
    for (;;) {
      if (isIdentChar(s[i])) result += s[i++];
      else if (validEscape(i)) {
        i++;
        result += escaped();
      } else return result;
    }
  };
  const numeric = (): Token => {
    if (s[i] === "+" || s[i] === "-") i++;
    while (isDigit(s[i])) i++;
    if (s[i] === "." && isDigit(s[i + 1])) for (i++; isDigit(s[i]); ) i++;
    if (
      (s[i] === "e" || s[i] === "E") &&
      (isDigit(s[i + 1]) || ((s[i + 1] === "+" || s[i + 1] === "-") && isDigit(s[i + 2])))
    )
      for (i += 2; isDigit(s[i]); ) i++;
    if (startsIdent(i)) name();
    else if (s[i] === "%") i++;
    return { type: "other" };
  };
  const string = (quote: string): Token | undefined => {
    let value = "";
    for (;;) {
      const c = s[i];
      if (c === undefined) return { type: "string", value };
      if (c === quote) {
        i++;
        return { type: "string", value };
      }
      // A newline ends a string as a bad one, which nothing fetches.
      if (c === "\n") return undefined;
      i++;
      if (c !== "\\") value += c;
      else if (s[i] === "\n") i++;
      else if (i < s.length) value += escaped();
    }
  };
  const badUrlRemnants = (): Token => {
    for (;;) {
      if (i >= s.length) return { type: "bad-url" };
      if (s[i] === ")") {
        i++;
        return { type: "bad-url" };
      }
      if (validEscape(i)) {
        i++;
        escaped();
      } else i++;
    }
  };
  /** §4.3.6, with `i` past `url(` and its whitespace. */
  const url = (): Token => {
    let value = "";
    for (;;) {
      const c = s[i];
      if (c === undefined) return { type: "url", value };
      if (c === ")") {
        i++;
        return { type: "url", value };
      }
      if (isWhitespace(c)) {
        while (isWhitespace(s[i])) i++;
        if (s[i] === ")" || i >= s.length) {
          if (s[i] === ")") i++;
          return { type: "url", value };
        }
        return badUrlRemnants();
      }
      if (c === '"' || c === "'" || c === "(" || isNonPrintable(c)) return badUrlRemnants();
      if (c === "\\") {
        if (!validEscape(i)) return badUrlRemnants();
        i++;
        value += escaped();
        continue;
      }
      value += c;
      i++;
    }
  };
  /** §4.3.4: an ident, a function, or a url token. */
  const identLike = (): Token => {
    const word = name();
    if (word.toLowerCase() === "url" && s[i] === "(") {
      i++;
      while (isWhitespace(s[i]) && isWhitespace(s[i + 1])) i++;
      const next = isWhitespace(s[i]) ? s[i + 1] : s[i];
      if (next === '"' || next === "'") return { type: "function", name: word };
      while (isWhitespace(s[i])) i++;
      return url();
    }
    if (s[i] === "(") {
      i++;
      return { type: "function", name: word };
    }
    return { type: "ident", name: word };
  };

  while (i < s.length) {
    const c = s[i]!;
    if (c === "/" && s[i + 1] === "*") {
      const end = s.indexOf("*/", i + 2);
      i = end < 0 ? s.length : end + 2;
      continue;
    }
    if (isWhitespace(c)) {
      while (isWhitespace(s[i])) i++;
      yield { type: "whitespace" };
    } else if (c === '"' || c === "'") {
      i++;
      const token = string(c);
      yield token ?? { type: "other" };
    } else if (c === "#") {
      i++;
      if (isIdentChar(s[i]) || validEscape(i)) name();
      yield { type: "other" };
    } else if (c === "(" || c === ")" || c === "[" || c === "]" || c === "{" || c === "}" || c === ";" || c === ":") {
      i++;
      yield { type: c };
    } else if ((c === "+" || c === "." || c === "-") && startsNumber(i)) yield numeric();
    else if (c === "-" && s[i + 1] === "-" && s[i + 2] === ">") {
      i += 3;
      yield { type: "other" };
    } else if (c === "-" && startsIdent(i)) yield identLike();
    else if (c === "<" && s.startsWith("!--", i + 1)) {
      i += 4;
      yield { type: "other" };
    } else if (c === "@") {
      i++;
      yield startsIdent(i) ? { type: "at-keyword", name: name() } : { type: "other" };
    } else if (c === "\\") {
      if (validEscape(i)) yield identLike();
      else {
        i++;
        yield { type: "other" };
      }
    } else if (isDigit(c)) yield numeric();
    else if (isIdentStart(c)) yield identLike();
    else {
      i++;
      yield { type: "other" };
    }
  }
}

const sitePages = [new URL("https://site.invalid/page/"), new URL("http://site.invalid/page/")];

/**
 * What is wrong with an address a stylesheet of the site fetches, or undefined when it is a file of the site (or data).
 */
export function foreignAddressProblem({ address }: CssAddress): string | undefined {
  if (address === undefined)
    return "has a url( … ) CSS cannot read (a quote, a parenthesis or a space inside an unquoted address): quote the address";
  const shown = address.length > 120 ? `${address.slice(0, 120)}…` : address;
  // Resolved as a browser resolves it against a page of the site: `//host`, `/\host`, tabs and all.
  // Against an http page and an https one, as `https:host` is another host only for the first.
  const leaves = sitePages.some((page) => {
    if (!URL.canParse(address, page)) return true;
    const url = new URL(address, page);
    return url.protocol !== "data:" && url.origin !== page.origin;
  });
  if (!leaves) return undefined;
  return URL.canParse(address, sitePages[0])
    ? `refers to ${shown}, on another host: the site asks no other host for anything (put the file into public/ and refer to it by its path)`
    : `refers to ${shown}, which is not an address a browser can read`;
}
