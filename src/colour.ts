/**
 * Colours as the theme needs them: read from the config's CSS notations, measured by WCAG's
 * contrast, and moved in OKLCH lightness (perceptually even, so a shade keeps its hue and
 * colourfulness while it gets lighter or darker).
 */

/** An sRGB colour, each channel from 0 to 1. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** OKLCH: lightness 0–1, chroma from 0 (grey), hue in degrees. */
export interface Oklch {
  l: number;
  c: number;
  h: number;
}

const number = String.raw`[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?`;
const separator = String.raw`(?:\s*,\s*|\s+)`;
const functional = (name: string) =>
  new RegExp(
    String.raw`^${name}a?\(\s*(${number})(%|deg|turn|rad)?${separator}(${number})(%)?${separator}(${number})(%)?(?:\s*[/,]\s*(${number})(%)?)?\s*\)$`,
    "i",
  );
const notations = { rgb: functional("rgb"), hsl: functional("hsl"), oklch: functional("oklch") };

/**
 * The colour a CSS notation names: `#0e7490`, `#0e7`, `rgb(14 116 144)`, `hsl(192 82% 31%)` or
 * `oklch(0.52 0.09 223)` (commas allowed). Undefined for anything else, or a colour that is not
 * opaque: an accent is drawn on several backgrounds, so its contrast must not depend on them.
 */
export function parseColour(text: string): Rgb | undefined {
  const value = text.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((digit) => digit + digit).join("") : hex[1]!;
    return {
      r: parseInt(digits.slice(0, 2), 16) / 255,
      g: parseInt(digits.slice(2, 4), 16) / 255,
      b: parseInt(digits.slice(4, 6), 16) / 255,
    };
  }
  for (const [name, pattern] of Object.entries(notations)) {
    const match = pattern.exec(value);
    if (!match) continue;
    const [, first, firstUnit, second, secondUnit, third, thirdUnit, alpha, alphaUnit] = match;
    if (alpha !== undefined && Number(alpha) / (alphaUnit ? 100 : 1) < 1) return undefined;
    const [x, y, z] = [Number(first), Number(second), Number(third)];
    if (name === "rgb") {
      const channel = (amount: number, unit: string | undefined) => clamp(unit ? amount / 100 : amount / 255);
      return { r: channel(x, firstUnit), g: channel(y, secondUnit), b: channel(z, thirdUnit) };
    }
    if (name === "hsl") return hslToRgb(degrees(x, firstUnit), clamp(y / 100), clamp(z / 100));
    return fromOklch({
      l: clamp(firstUnit === "%" ? x / 100 : x),
      c: Math.max(0, secondUnit ? (y / 100) * 0.4 : y),
      h: degrees(z, thirdUnit),
    });
  }
  return undefined;
}

/** `#rrggbb`, each channel rounded to 8 bits: what the stylesheet writes and the contrast is measured on. */
export function toHex({ r, g, b }: Rgb): string {
  return `#${[r, g, b]
    .map((channel) =>
      Math.round(clamp(channel) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The colour as `#rrggbb` would give it, so that what is checked is what is drawn. */
export function rounded(colour: Rgb): Rgb {
  return parseColour(toHex(colour))!;
}

/** WCAG 2's relative luminance. */
export function relativeLuminance({ r, g, b }: Rgb): number {
  const linear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2's contrast ratio, from 1 (none) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** A ratio as people read it, never rounded up past a threshold it misses: 4.499 is "4.49:1". */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

export function toOklch({ r, g, b }: Rgb): Oklch {
  const linear = (channel: number) => (channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4);
  const [lr, lg, lb] = [linear(r), linear(g), linear(b)];
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  const okL = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const okA = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const okB = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  const c = Math.hypot(okA, okB);
  return { l: okL, c, h: c < 1e-7 ? 0 : (Math.atan2(okB, okA) * 180) / Math.PI + (okB < 0 ? 360 : 0) };
}

/**
 * The sRGB colour nearest an OKLCH one: out of sRGB's gamut, the chroma is lowered (hue and
 * lightness kept) until it fits, as CSS Color 4 maps colours into a gamut.
 */
export function fromOklch(colour: Oklch): Rgb {
  const l = clamp(colour.l);
  if (l <= 0) return { r: 0, g: 0, b: 0 };
  if (l >= 1) return { r: 1, g: 1, b: 1 };
  const inGamut = oklchToRgbUnclipped({ ...colour, l });
  if (fits(inGamut)) return clampRgb(inGamut);
  let [low, high] = [0, colour.c];
  while (high - low > 1e-5) {
    const middle = (low + high) / 2;
    if (fits(oklchToRgbUnclipped({ l, c: middle, h: colour.h }))) low = middle;
    else high = middle;
  }
  return clampRgb(oklchToRgbUnclipped({ l, c: low, h: colour.h }));
}

function oklchToRgbUnclipped({ l: okL, c, h }: Oklch): Rgb {
  const okA = c * Math.cos((h * Math.PI) / 180);
  const okB = c * Math.sin((h * Math.PI) / 180);
  const l = (okL + 0.3963377774 * okA + 0.2158037573 * okB) ** 3;
  const m = (okL - 0.1055613458 * okA - 0.0638541728 * okB) ** 3;
  const s = (okL - 0.0894841775 * okA - 1.291485548 * okB) ** 3;
  const gamma = (channel: number) =>
    channel <= 0.0031308 ? 12.92 * channel : 1.055 * Math.sign(channel) * Math.abs(channel) ** (1 / 2.4) - 0.055;
  return {
    r: gamma(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    g: gamma(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    b: gamma(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  };
}

function hslToRgb(hue: number, saturation: number, lightness: number): Rgb {
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    return lightness - saturation * Math.min(lightness, 1 - lightness) * Math.max(-1, Math.min(k - 3, 9 - k, 1));
  };
  return { r: channel(0), g: channel(8), b: channel(4) };
}

function degrees(amount: number, unit: string | undefined): number {
  const turned = unit === "turn" ? amount * 360 : unit === "rad" ? (amount * 180) / Math.PI : amount;
  return ((turned % 360) + 360) % 360;
}

const fits = ({ r, g, b }: Rgb) => [r, g, b].every((channel) => channel >= -1e-4 && channel <= 1 + 1e-4);
const clamp = (value: number) => Math.min(1, Math.max(0, value));
const clampRgb = ({ r, g, b }: Rgb): Rgb => ({ r: clamp(r), g: clamp(g), b: clamp(b) });
