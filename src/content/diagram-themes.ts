/** A diagram as Mermaid drew it in one theme: its SVG and the stylesheet its rules need. */
export interface DrawnDiagram {
  svg: string;
  css: string;
}

/** A diagram's drawing as a page shows it: its SVG, the id of its `<svg>`, and its rules. */
export interface PlacedSvg {
  id: string;
  svg: string;
  css: string;
}

/** The ids of a drawing's elements, in the order they come. */
export function idsOf(svg: string): string[] {
  return [...svg.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!);
}

/** A drawing with its ids renamed, and every reference to them: `url(#…)`, `href="#…"`, its rules' `#…`. */
export function withIdsRenamed({ svg, css }: DrawnDiagram, renamed: (id: string) => string): DrawnDiagram {
  return {
    svg: svg
      .replace(/(\sid=")([^"]*)"/g, (_attribute, start: string, id: string) => `${start}${renamed(id)}"`)
      .replace(/url\(#([^)]+)\)/g, (_url, id: string) => `url(#${renamed(id)})`)
      .replace(/(\s(?:xlink:)?href="#)([^"]*)"/g, (_attribute, start: string, id: string) => `${start}${renamed(id)}"`),
    css: css
      .replace(
        /([^{}]*)\{/g,
        (_selector, selector: string) =>
          `${selector.replace(/#([A-Za-z_][\w-]*)/g, (_id, id: string) => `#${renamed(id)}`)}{`,
      )
      .replace(/url\(#([^)]+)\)/g, (_url, id: string) => `url(#${renamed(id)})`),
  };
}

/**
 * A drawing with the ids of another drawing of the same diagram, element for element: Mermaid
 * numbers some ids (a sequence diagram's actors) by how many it drew before, so one theme's
 * drawing can differ from the other's in those numbers alone. Unchanged when the two do not have
 * as many ids, each its own.
 */
export function idsAlignedWith(drawing: DrawnDiagram, model: DrawnDiagram): DrawnDiagram {
  const [own, theirs] = [idsOf(drawing.svg), idsOf(model.svg)];
  const aligned = new Map(own.map((id, index) => [id, theirs[index]!]));
  if (own.length !== theirs.length || aligned.size !== own.length || new Set(theirs).size !== theirs.length)
    return drawing;
  return withIdsRenamed(drawing, (id) => aligned.get(id) ?? id);
}

/** A colour as Mermaid writes one in its rules, styles and attributes. */
const colourValue = /#[\da-fA-F]{3,8}\b|(?:rgb|hsl)a?\([^)]*\)/g;

/** The SVG attributes that hold a colour and are CSS properties too, so a rule can set them. */
const colourAttributes = new Set(["fill", "stroke", "stop-color", "flood-color", "color"]);

/** One custom property per pair of colours (the light theme's, the dark one's) that differ. */
type ThemeColours = Map<string, { name: string; light: string; dark: string }>;

/**
 * The two themes' drawings as one, when they differ in nothing but colours (in their rules, or in
 * colour attributes such as a gradient's `stop-color`): each pair of colours that differ becomes a
 * custom property of the drawing, the light theme's colour by default and the dark one's under
 * `html.theme-dark`. The page then carries one drawing instead of two, coloured exactly as Mermaid
 * drew each theme. None when they differ otherwise (the shapes, the text, another kind of value).
 */
export function oneForBothThemes(light: PlacedSvg, dark: PlacedSvg): PlacedSvg | undefined {
  const colours: ThemeColours = new Map();
  const variable = (pair: [string, string]) => {
    const key = pair.join("\n");
    const property = colours.get(key) ?? { name: `--${light.id}-c${colours.size}`, light: pair[0], dark: pair[1] };
    colours.set(key, property);
    return `var(${property.name})`;
  };
  const markup = mergedMarkup(light.svg, dark.svg, variable, `${light.id}-a`);
  const css = mergedCss(light.css, dark.css, variable);
  if (markup === undefined || css === undefined) return undefined;
  const declarations = (theme: "light" | "dark") =>
    [...colours.values()].map((property) => `${property.name}:${property[theme]}`).join(";");
  const values = colours.size
    ? `#${light.id}{${declarations("light")}}html.theme-dark #${light.id}{${declarations("dark")}}`
    : "";
  return { id: light.id, svg: markup.svg, css: `${values}${markup.rules}${css}` };
}

/** Two stylesheets as one, each colour that differs as `variable` names it; none when they differ otherwise. */
function mergedCss(light: string, dark: string, variable: (pair: [string, string]) => string): string | undefined {
  const [lightText, darkText] = [light.split(colourValue), dark.split(colourValue)];
  if (lightText.length !== darkText.length || lightText.some((text, index) => text !== darkText[index]))
    return undefined;
  const darkColours = dark.match(colourValue) ?? [];
  const colours = (light.match(colourValue) ?? []).map((colour, index) =>
    colour === darkColours[index] ? colour : variable([colour, darkColours[index]!]),
  );
  return lightText.map((text, index) => `${text}${colours[index] ?? ""}`).join("");
}

/**
 * Two SVGs as one, when each tag is the same but for colour attributes: each such attribute that
 * differs leaves its tag for a class whose rule sets the property to `variable`'s colour. The rule
 * matches with no weight (`:where`), as the attribute did, so every rule of the drawing still wins
 * over it. None when the SVGs differ in anything else.
 */
function mergedMarkup(
  light: string,
  dark: string,
  variable: (pair: [string, string]) => string,
  classPrefix: string,
): { svg: string; rules: string } | undefined {
  if (light === dark) return { svg: light, rules: "" };
  const [lightParts, darkParts] = [light.split(/(<[^>]*>)/), dark.split(/(<[^>]*>)/)];
  if (lightParts.length !== darkParts.length) return undefined;
  const classes = new Map<string, string>();
  const parts: string[] = [];
  for (const [index, part] of lightParts.entries()) {
    const other = darkParts[index]!;
    if (part === other) {
      parts.push(part);
      continue;
    }
    const merged = mergedTag(part, other, variable);
    if (!merged) return undefined;
    const styleClass = classes.get(merged.declarations) ?? `${classPrefix}${classes.size}`;
    classes.set(merged.declarations, styleClass);
    parts.push(tagWithClass(merged.tag, styleClass));
  }
  const rules = [...classes].map(([declarations, styleClass]) => `:where(.${styleClass}){${declarations}}`).join("");
  return { svg: parts.join(""), rules };
}

/**
 * A tag without the colour attributes in which two tags differ, and the declarations that set them;
 * none when they differ otherwise.
 */
function mergedTag(
  light: string,
  dark: string,
  variable: (pair: [string, string]) => string,
): { tag: string; declarations: string } | undefined {
  const attribute = /\s([\w:-]+)="([^"]*)"/g;
  const [lightAttributes, darkAttributes] = [[...light.matchAll(attribute)], [...dark.matchAll(attribute)]];
  const shape = (tag: string) => tag.replace(attribute, "");
  if (shape(light) !== shape(dark) || lightAttributes.length !== darkAttributes.length) return undefined;
  const declarations: string[] = [];
  const differing = new Set<string>();
  for (const [index, [, name, value]] of lightAttributes.entries()) {
    const [, otherName, otherValue] = darkAttributes[index]!;
    if (name !== otherName) return undefined;
    if (value === otherValue) continue;
    if (!colourAttributes.has(name!) || !isColour(value!) || !isColour(otherValue!)) return undefined;
    declarations.push(`${name}:${variable([value!, otherValue!])}`);
    differing.add(name!);
  }
  const tag = light.replace(attribute, (whole, name: string) => (differing.has(name) ? "" : whole));
  return { tag, declarations: declarations.join(";") };
}

function isColour(value: string): boolean {
  return new RegExp(`^(?:${colourValue.source})$`).test(value.trim());
}

function tagWithClass(tag: string, name: string): string {
  return /\sclass="/.test(tag)
    ? tag.replace(/\sclass="([^"]*)"/, (_class, classes: string) => ` class="${classes} ${name}"`)
    : tag.replace(/^<([\w:-]+)/, `<$1 class="${name}"`);
}
