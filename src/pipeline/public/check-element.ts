import {
  activeNamespaces,
  animatedAttribute,
  editorNamespaces,
  elementDangers,
  markupRules,
  namespaces,
  rasterDataUrl,
  type NamespaceRules,
  type UrlRule,
} from "./markup-rules.js";

/** An element as a parser read it, whichever parser (saxes for XML, parse5 for HTML). */
export interface MarkupElement {
  /** As written, prefix included: "s:script". */
  name: string;
  namespace: string;
  local: string;
  attributes: MarkupAttribute[];
}

export interface MarkupAttribute {
  name: string;
  /** "" for an attribute without a namespace. */
  namespace: string;
  local: string;
  value: string;
}

/**
 * The problems of one element, in a document where it sits inside `parentNamespace` (undefined
 * for the root). In a data file (an XML file of no rendered type), elements of namespaces no
 * browser renders are data, shown as text; in SVG, MathML and (X)HTML files they are refused.
 */
export function elementProblems(
  element: MarkupElement,
  parentNamespace: string | undefined,
  dataFile: boolean,
): string[] {
  const tag = `<${element.name}>`;
  const active = activeNamespaces[element.namespace];
  if (active) return [`${tag} is an element of ${active}, which a browser runs`];
  const rules = markupRules[element.namespace];
  if (editorNamespaces.has(element.namespace)) return dataAttributeProblems(element);
  if (!rules) {
    if (dataFile && !(parentNamespace && markupRules[parentNamespace])) return dataAttributeProblems(element);
    return [
      `${tag} is in ${element.namespace ? `the namespace ${element.namespace}` : "no namespace"}, which public/ does not allow here: only SVG, MathML and HTML elements`,
    ];
  }
  const parent = parentNamespace ? markupRules[parentNamespace] : undefined;
  if (parent && !parent.children.includes(element.namespace))
    return [`${tag} is ${rules.aLabel} element inside ${parent.label}, which public/ does not allow`];
  if (parent && parentNamespace !== element.namespace && element.local !== rules.entry) {
    return [
      `${tag} is ${rules.aLabel} element directly inside ${parent.label}: ${rules.label} may start there only with <${rules.entry}>`,
    ];
  }
  const extra = rules.elements[element.local];
  if (!extra) {
    const danger = elementDangers[element.local];
    return [
      `${tag} is ${danger ? `${rules.aLabel} element that ${danger}` : `not ${rules.aLabel} element public/ allows`}`,
    ];
  }
  return element.attributes.flatMap((attribute) => attributeProblems(element, attribute, rules, extra));
}

function attributeProblems(
  element: MarkupElement,
  attribute: MarkupAttribute,
  rules: NamespaceRules,
  extra: readonly string[],
): string[] {
  if (isNamespaceDeclaration(attribute) || editorNamespaces.has(attribute.namespace)) return [];
  const tag = `<${element.name}>`;
  const key = attributeKey(attribute);
  if (key === undefined)
    return [
      `${tag} has the attribute ${attribute.name} in the namespace ${attribute.namespace}, which public/ does not allow`,
    ];
  if (/^on/i.test(key)) return [`${tag} has the attribute ${attribute.name}, an event handler, which runs code`];
  const allowed =
    rules.attributes.has(key) ||
    extra.includes(key) ||
    rules.attributePrefixes.some((prefix) => key.startsWith(prefix));
  if (!allowed)
    return [
      `${tag} has the attribute ${attribute.name}, which public/ does not allow on ${rules.label} <${element.local}>`,
    ];
  const urlRule = urlRuleOf(rules, element.local, key);
  const problem = urlRule
    ? urlProblem(attribute.value, urlRule)
    : key === animatedAttribute
      ? animatedAttributeProblem(attribute.value, rules)
      : key === "charset"
        ? /^\s*utf-?8\s*$/i.test(attribute.value)
          ? undefined
          : "declares an encoding other than UTF-8"
        : key === "style" || element.namespace === namespaces.svg
          ? cssProblem(attribute.value)
          : undefined;
  return problem
    ? [`${tag} has ${attribute.name}=${JSON.stringify(attribute.value.slice(0, 60))}, which ${problem}`]
    : [];
}

/** In a data file, elements of other namespaces are inert, but XLink and xml:base could still make links. */
function dataAttributeProblems(element: MarkupElement): string[] {
  return element.attributes
    .filter(
      (attribute) =>
        attribute.namespace === namespaces.xlink ||
        (attribute.namespace === namespaces.xml && attribute.local === "base"),
    )
    .map(
      (attribute) => `<${element.name}> has the attribute ${attribute.name}, which public/ does not allow outside SVG`,
    );
}

function isNamespaceDeclaration(attribute: MarkupAttribute): boolean {
  return attribute.namespace === namespaces.xmlns || (attribute.namespace === "" && /^xmlns(:|$)/.test(attribute.name));
}

/** The name the rules use: `href`, `xlink:href`, `xml:lang`, whatever prefix the file bound them to. */
function attributeKey(attribute: MarkupAttribute): string | undefined {
  if (attribute.namespace === "") return attribute.local;
  if (attribute.namespace === namespaces.xlink) return `xlink:${attribute.local}`;
  if (attribute.namespace === namespaces.xml) return `xml:${attribute.local}`;
  return undefined;
}

function urlRuleOf(rules: NamespaceRules, element: string, key: string): UrlRule | undefined {
  const name = key === "xlink:href" ? "href" : key;
  return rules.urls[element]?.[name] ?? rules.urls["*"]?.[name];
}

/** SMIL may change any presentational attribute, never one that holds a URL or runs code. */
function animatedAttributeProblem(value: string, rules: NamespaceRules): string | undefined {
  const target = value.trim();
  const harmless =
    rules.attributes.has(target) &&
    !urlRuleOf(rules, "*", target) &&
    target !== "style" &&
    !/^on/i.test(target) &&
    target !== animatedAttribute;
  return harmless
    ? undefined
    : "animates an attribute public/ does not let change (a link, a style or an event handler)";
}

/**
 * What a URL may point at, read as a browser's URL parser reads it: spaces and control characters
 * around it dropped, tabs and newlines inside it removed (`java&#9;script:` is `javascript:`).
 */
export function urlProblem(value: string, rule: UrlRule): string | undefined {
  // eslint-disable-next-line no-control-regex
  const url = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, "").replace(/[\t\n\r]/g, "");
  if (url.startsWith("#")) return undefined;
  if (rule === "fragment") return "may only point at an element of the same file (#id)";
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  const otherHost = /^[\\/]{2}/.test(url);
  if (rule === "image") {
    if (scheme === undefined && !otherHost) return undefined;
    return rasterDataUrl.test(url)
      ? undefined
      : "may only point at an image of the site (a relative path) or a PNG, JPEG, GIF or WebP data: URL";
  }
  if (scheme === undefined || ["http", "https", "mailto"].includes(scheme)) return undefined;
  return `is a ${scheme}: link: public/ allows only relative, http(s) and mailto: links`;
}

/**
 * CSS in a style element or attribute may style the file, never load anything: `url()` only to an
 * element of the same file, no `@import`, no `image-set()`, and none of the script hooks old
 * browsers had (`expression()`, `-moz-binding`, `behavior`). Escapes are decoded first, as the
 * CSS tokenizer does (`\75 rl(` is `url(`).
 */
export function cssProblem(css: string): string | undefined {
  if (!/[\\(@:]/.test(css)) return undefined;
  const text = decodeCssEscapes(css.replace(/\/\*[\s\S]*?\*\//g, "")).toLowerCase();
  if (text.includes("@import")) return "imports a stylesheet (@import)";
  const hook =
    /(expression\s*\(|-moz-binding|behavior\s*:|image-set\s*\(|(?<![\w-])image\s*\(|(?<![\w-])src\s*\()/.exec(
      text,
    )?.[0];
  if (hook) return `uses ${JSON.stringify(hook.replace(/\s+/g, ""))} in its CSS`;
  for (const match of text.matchAll(/url\(\s*(["']?)([^"')]*)/g)) {
    if (!match[2]!.trim().startsWith("#"))
      return `loads ${JSON.stringify(`url(${match[2]!.trim()})`)}: CSS may only refer to an element of the same file, url(#id)`;
  }
  return undefined;
}

function decodeCssEscapes(text: string): string {
  return text.replace(
    /\\([0-9a-f]{1,6})[ \t\n\r\f]?|\\([^\n0-9a-f])/gi,
    (_, hex: string | undefined, char: string | undefined) => {
      if (char !== undefined) return char;
      const point = parseInt(hex!, 16);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : "\ufffd";
    },
  );
}
