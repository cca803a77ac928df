// The config's `theme`: the accent colours, the fonts, the corners, the layout and the first theme.
import { z } from "zod";
import { describeValue, publicPath } from "../schema-fields.js";
import { parseColour } from "../colour.js";
import { layoutNames } from "./layout-names.js";
import { themeInitials } from "./theme-initials.js";

const colourExample = "#0e7490, rgb(14 116 144), hsl(192 82% 31%) or oklch(0.52 0.09 223)";

/** A colour in one of the CSS notations the theme reads, opaque. */
const colour = z
  .string({ error: (issue) => `expected a colour such as ${colourExample}, got ${describeValue(issue.input)}` })
  .trim()
  .refine((value) => parseColour(value) !== undefined, {
    error: (issue) => `expected an opaque colour such as ${colourExample}, got ${JSON.stringify(issue.input)}`,
  });

/** Where a font comes from: an installed Fontsource package, or font files of public/. */
export type FontSource = { kind: "package"; name: string } | { kind: "files"; paths: string[] };

const fontPackage = /^@fontsource(-variable)?\/[a-z0-9][a-z0-9-]*$/;
const fontFileTypes = /\.(woff2|woff|ttf|otf)$/i;
const fontFile = publicPath("a font file's path", "fonts/Lora.woff2").refine((value) => fontFileTypes.test(value), {
  error: (issue) => `expected a .woff2, .woff, .ttf or .otf file, got ${JSON.stringify(issue.input)}`,
});

/** A font named in the config: a Fontsource package, or font files of public/. */
function fontSourceOf(value: string | string[], context: z.RefinementCtx): FontSource {
  if (typeof value === "string" && value.trim().startsWith("@")) {
    if (fontPackage.test(value.trim())) return { kind: "package", name: value.trim() };
    context.addIssue({
      code: "custom",
      message: `expected a Fontsource package such as "@fontsource/inter" or "@fontsource-variable/inter", got ${JSON.stringify(value)}`,
    });
    return z.NEVER;
  }
  const paths = (Array.isArray(value) ? value : [value]).map((candidate, index) => {
    const parsed = fontFile.safeParse(candidate);
    if (!parsed.success)
      context.addIssue({
        code: "custom",
        path: Array.isArray(value) ? [index] : [],
        message: parsed.error.issues[0]!.message,
      });
    return parsed.success ? parsed.data : "";
  });
  return { kind: "files", paths };
}

const fontChoice = z
  .union([z.string(), z.array(z.string()).min(1)], {
    error: (issue) =>
      `expected a Fontsource package such as "@fontsource/inter", or font files of public/ such as "fonts/Lora.woff2", got ${describeValue(issue.input)}`,
  })
  .transform(fontSourceOf);

/** The text font: as the code font, or `false` for the system's own instead of the default one (Inter). */
const textFontChoice = z
  .union([z.string(), z.array(z.string()).min(1), z.literal(false)], {
    error: (issue) =>
      `expected a Fontsource package such as "@fontsource/inter", font files of public/ such as "fonts/Lora.woff2", or false for the system's own font, got ${describeValue(issue.input)}`,
  })
  .transform((value, context): FontSource | false => (value === false ? false : fontSourceOf(value, context)));

export const themeSchema = z.strictObject({
  accent: colour.optional(),
  darkAccent: colour.optional(),
  fonts: z.strictObject({ text: textFontChoice.optional(), code: fontChoice.optional() }).optional(),
  radius: z
    .number({ error: "expected a corner radius in CSS pixels, from 0 to 40" })
    .min(0, { error: "expected a corner radius in CSS pixels, from 0 to 40" })
    .max(40, { error: "expected a corner radius in CSS pixels, from 0 to 40" })
    .optional(),
  // No default here: a config without it resolves as before, and render-page reads the sidebar.
  layout: z
    .enum(layoutNames, {
      error: (issue) =>
        `expected one of ${layoutNames.map((name) => `"${name}"`).join(", ")}, got ${
          typeof issue.input === "string" ? JSON.stringify(issue.input) : describeValue(issue.input)
        }`,
    })
    .optional(),
  // No default either: unset is "light", and the page's start script stays the one it always was.
  initial: z
    .enum(themeInitials, {
      error: (issue) =>
        `expected one of ${themeInitials.map((name) => `"${name}"`).join(", ")}, got ${
          typeof issue.input === "string" ? JSON.stringify(issue.input) : describeValue(issue.input)
        }`,
    })
    .optional(),
});
