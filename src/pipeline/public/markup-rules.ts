/**
 * What the markup files of public/ may hold, as data: for each namespace a browser renders, the
 * elements and attributes allowed (everything else is refused), and the few attributes that hold a
 * URL, with what they may point at. Presentational markup only: no scripts, event handlers,
 * embedded documents, or references that leave the file (except links and raster images).
 */

export const namespaces = {
  svg: "http://www.w3.org/2000/svg",
  xhtml: "http://www.w3.org/1999/xhtml",
  mathml: "http://www.w3.org/1998/Math/MathML",
  xlink: "http://www.w3.org/1999/xlink",
  xml: "http://www.w3.org/XML/1998/namespace",
  xmlns: "http://www.w3.org/2000/xmlns/",
} as const;

/**
 * What a URL attribute may point at:
 * - `fragment`: an element of the same file (`#dot`), as `use` and gradients refer to them;
 * - `image`: that, a relative path, or a PNG, JPEG, GIF or WebP `data:` URL;
 * - `link`: that, or an http(s) or mailto: address (a link is followed only when clicked, in its own page).
 */
export type UrlRule = "fragment" | "image" | "link";

export interface NamespaceRules {
  /** How the owner knows it: "SVG". */
  label: string;
  /** The label with its article: "an SVG", "a MathML". */
  aLabel: string;
  /** Elements allowed, with the attributes each may have beyond `attributes`. */
  elements: Record<string, readonly string[]>;
  /** Attributes every element of the namespace may have (`xlink:`/`xml:` ones spelt with that prefix). */
  attributes: ReadonlySet<string>;
  /** Attribute name prefixes allowed on every element (`data-`, `aria-`). */
  attributePrefixes: readonly string[];
  /** URL attributes by element ("*" for any element), and what they may point at. */
  urls: Record<string, Record<string, UrlRule>>;
  /** The element by which a document of another namespace may enter this one ("svg" inside HTML). */
  entry: string;
  /** The namespaces whose elements may be children of this one's. */
  children: readonly string[];
}

const words = (text: string): string[] => text.trim().split(/\s+/);

const svgShapes =
  "svg g defs symbol use title desc metadata switch path rect circle ellipse line polyline polygon text tspan textPath " +
  "linearGradient radialGradient stop pattern clipPath mask marker image style a view animate animateMotion animateTransform set mpath " +
  "filter feBlend feColorMatrix feComponentTransfer feComposite feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight " +
  "feDropShadow feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feImage feMerge feMergeNode feMorphology feOffset fePointLight " +
  "feSpecularLighting feSpotLight feTile feTurbulence";

const svgAttributes = new Set(
  words(`
  id class style lang tabindex role focusable version baseProfile width height x y x1 y1 x2 y2 cx cy r rx ry fx fy fr d points
  pathLength viewBox preserveAspectRatio transform dx dy rotate textLength lengthAdjust startOffset method spacing side
  fill fill-opacity fill-rule stroke stroke-width stroke-linecap stroke-linejoin stroke-miterlimit stroke-dasharray stroke-dashoffset
  stroke-opacity opacity color clip-path clip-rule mask filter marker-start marker-mid marker-end paint-order vector-effect
  shape-rendering text-rendering image-rendering color-interpolation color-interpolation-filters display visibility overflow
  mix-blend-mode isolation stop-color stop-opacity flood-color flood-opacity lighting-color transform-origin
  font-family font-size font-size-adjust font-weight font-style font-variant font-stretch text-anchor dominant-baseline
  alignment-baseline baseline-shift letter-spacing word-spacing text-decoration writing-mode direction unicode-bidi white-space
  gradientUnits gradientTransform spreadMethod offset patternUnits patternContentUnits patternTransform clipPathUnits maskUnits
  maskContentUnits markerWidth markerHeight markerUnits refX refY orient filterUnits primitiveUnits in in2 result stdDeviation
  edgeMode mode operator k1 k2 k3 k4 type values tableValues slope intercept amplitude exponent baseFrequency numOctaves seed
  stitchTiles scale xChannelSelector yChannelSelector radius kernelMatrix order divisor bias targetX targetY preserveAlpha
  surfaceScale diffuseConstant specularConstant specularExponent kernelUnitLength azimuth elevation z pointsAtX pointsAtY
  pointsAtZ limitingConeAngle attributeName attributeType begin dur end min max restart repeatCount repeatDur calcMode keyTimes
  keySplines keyPoints from to by additive accumulate path requiredFeatures requiredExtensions systemLanguage target hreflang
  href xlink:href xlink:title xml:space xml:lang zoomAndPan
`),
);

const svg: NamespaceRules = {
  label: "SVG",
  aLabel: "an SVG",
  elements: Object.fromEntries(words(svgShapes).map((name) => [name, []])),
  attributes: svgAttributes,
  attributePrefixes: ["data-", "aria-"],
  urls: {
    "*": { href: "fragment" },
    image: { href: "image" },
    feImage: { href: "image" },
    a: { href: "link" },
  },
  entry: "svg",
  children: [namespaces.svg],
};

const mathml: NamespaceRules = {
  label: "MathML",
  aLabel: "a MathML",
  elements: Object.fromEntries(
    words(`
    math mrow mi mn mo ms mtext mspace msub msup msubsup munder mover munderover mfrac msqrt mroot mstyle merror mpadded
    mphantom menclose mtable mtr mtd mlabeledtr mmultiscripts mprescripts none semantics annotation mfenced
  `).map((name) => [name, []]),
  ),
  attributes: new Set(
    words(`
    id class style dir display displaystyle mathvariant mathsize mathcolor mathbackground scriptlevel fence separator separators
    open close stretchy symmetric largeop movablelimits accent accentunder lspace rspace minsize maxsize form linethickness
    numalign denomalign bevelled columnalign rowalign columnspan rowspan columnlines rowlines columnspacing rowspacing frame
    framespacing notation width height depth voffset encoding alttext xml:lang xml:space
  `),
  ),
  attributePrefixes: ["data-", "aria-"],
  urls: {},
  entry: "math",
  children: [namespaces.mathml],
};

const htmlGlobal = "id class lang dir title style hidden translate role xml:lang xml:space";
const xhtml: NamespaceRules = {
  label: "HTML",
  aLabel: "an HTML",
  elements: {
    ...Object.fromEntries(
      words(`
      html head body title p div span h1 h2 h3 h4 h5 h6 br hr strong em b i u s small sub sup code pre kbd samp var mark abbr
      dl dt dd ul main header footer section article aside nav figure figcaption address table thead tbody tfoot tr caption
    `).map((name) => [name, []]),
    ),
    meta: ["charset", "name", "content"],
    style: ["media"],
    a: ["href", "rel", "hreflang", "type", "name"],
    img: ["src", "alt", "width", "height", "loading", "decoding"],
    ol: ["start", "reversed", "type"],
    li: ["value"],
    td: ["colspan", "rowspan", "headers"],
    th: ["colspan", "rowspan", "headers", "scope", "abbr"],
    col: ["span"],
    colgroup: ["span"],
    time: ["datetime"],
    blockquote: ["cite"],
    q: ["cite"],
    del: ["cite", "datetime"],
    ins: ["cite", "datetime"],
  },
  attributes: new Set(words(htmlGlobal)),
  attributePrefixes: ["data-", "aria-"],
  urls: {
    a: { href: "link" },
    img: { src: "image" },
    blockquote: { cite: "link" },
    q: { cite: "link" },
    del: { cite: "link" },
    ins: { cite: "link" },
  },
  entry: "html",
  children: [namespaces.xhtml, namespaces.svg, namespaces.mathml],
};

export const markupRules: Record<string, NamespaceRules> = {
  [namespaces.svg]: svg,
  [namespaces.mathml]: mathml,
  [namespaces.xhtml]: xhtml,
};

/**
 * Namespaces that drawing programs write their own notes in (Inkscape's layers, Illustrator's
 * private data, RDF licence metadata). A browser gives their elements and attributes no
 * behaviour at all, so an SVG saved by these programs may keep them; what such an element holds is
 * still checked as if it stood where the element is.
 */
export const editorNamespaces: ReadonlySet<string> = new Set([
  "http://www.inkscape.org/namespaces/inkscape",
  "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd",
  "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
  "http://creativecommons.org/ns#",
  "http://web.resource.org/cc/",
  "http://purl.org/dc/elements/1.1/",
  "http://purl.org/dc/terms/",
  "http://ns.adobe.com/AdobeIllustrator/10.0/",
  "http://ns.adobe.com/Extensibility/1.0/",
  "http://ns.adobe.com/Graphs/1.0/",
  "http://ns.adobe.com/AdobeSVGViewerExtensions/3.0/",
  "http://ns.adobe.com/Variables/1.0/",
  "http://ns.adobe.com/SaveForWeb/1.0/",
  "http://ns.adobe.com/ImageReplacement/1.0/",
  "http://ns.adobe.com/GenericCustomNamespace/1.0/",
  "http://ns.adobe.com/XPath/1.0/",
  "http://www.bohemiancoding.com/sketch/ns",
]);

/**
 * Namespaces a browser has given behaviour to (XSLT, XBL, XUL, XML Events, XInclude): refused
 * even in a data file, where other namespaces are just data shown as text.
 */
export const activeNamespaces: Record<string, string> = {
  "http://www.w3.org/1999/XSL/Transform": "XSLT",
  "http://www.mozilla.org/xbl": "XBL",
  "http://www.mozilla.org/keymaster/gatekeeper/there.is.only.xul": "XUL",
  "http://www.w3.org/2001/xml-events": "XML Events",
  "http://www.w3.org/2001/XInclude": "XInclude",
  "http://www.w3.org/2002/xforms": "XForms",
};

/** Why well-known dangerous elements are refused, for a clearer message than "not allowed". */
export const elementDangers: Record<string, string> = {
  script: "runs code",
  handler: "runs code",
  listener: "runs code",
  foreignObject: "embeds an HTML document, scripts and all",
  "annotation-xml": "embeds HTML or SVG, scripts and all",
  iframe: "embeds another document",
  frame: "embeds another document",
  frameset: "embeds other documents",
  object: "embeds another document or plugin",
  embed: "embeds another document or plugin",
  base: "changes where every link of the page leads",
  form: "sends what a visitor types elsewhere",
  link: "loads another file into the page",
  noscript: "holds markup that is parsed differently where scripts are off",
  template: "holds markup a script could bring to life",
};

/** Attributes whose value names another attribute to change (SMIL animation). */
export const animatedAttribute = "attributeName";

/**
 * Raster `data:` images, which cannot run script (an SVG `data:` image opened as a document
 * could, in some browsers).
 */
export const rasterDataUrl = /^data:image\/(png|jpeg|gif|webp)[;,]/i;
