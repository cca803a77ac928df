/**
 * What each directive name means: the components content can use (`::video{…}`, `:::details{…}`,
 * `:abbr[…]{…}`), each with the form it is written in and its props, declared with the same `field`
 * kinds as the owner's own fields, and checked with the same messages. A directive's attributes are
 * literal text (directive-syntax.ts); here they become the props' values, or a problem that names the
 * prop. The table is a map by name so that the owner's components (`components/content/<Name>.tsx`,
 * overrides/content-components.ts) join the built-ins without changing how a directive is read or checked.
 */
import { closestWord } from "../closest-word.js";
import { field, type OwnerFieldData } from "../config/define-config.js";
import { expectedOf, ownerFieldSchema } from "../config/owner-field-kinds.js";
import { escapeAttribute, escapeHtml } from "../escape.js";
import type { DirectiveAttribute, DirectiveForm } from "./directive-syntax.js";
import { codepenUser, embedHosts, embedIsland, type EmbedHost } from "./embeds.js";
import { renderGallery } from "./gallery.js";
import type { WritingLabels } from "./markdown-extensions.js";

/** What a directive's renderer may ask of the text it is in. */
export interface DirectiveContext {
  /**
   * A file the text names (a video, its poster, its captions) as an address of the site: a bare name of
   * the entry's folder, else a path in public/. Collected for the link check, which refuses a missing
   * file with its line; undefined for an address that leads off the site.
   */
  siteFile: (written: string) => string | undefined;
  /**
   * Keeps HTML the build wrote (escaped here) out of the sanitiser's way, and gives the text that
   * marks its place until the sanitised HTML is put together.
   */
  slot: (html: string) => string;
  labels: WritingLabels;
  /**
   * HTML of the text (a container's content) sanitised as the whole body is: for a component whose own
   * HTML is kept out of the sanitiser's way, the owner's, while what it holds stays content.
   */
  sanitise: (html: string) => string;
  /** An id no other element of the body has, from the body's own prefix: `launch-content-1`. */
  nextId: (what: string) => string;
  /** How this one is written: a component that may be written in more than one form draws each its way. */
  form: DirectiveForm;
}

/** A component content may use as a directive. */
export interface DirectiveComponent {
  /** How it is written, as problems show it. */
  form: DirectiveForm;
  /** Every form it may be written in, when more than its `form`: the owner's components take all three. */
  forms?: readonly DirectiveForm[];
  /** Its props by attribute name: `field.text()`, `field.choice([…])`, `.optional()`, … */
  props: Record<string, OwnerFieldData>;
  /**
   * Its HTML: from its props' values and, for a container or an inline directive, the HTML of what it
   * holds (already Markdown, sanitised with the rest); or what is wrong with a value its kind allows.
   */
  render: (values: Record<string, unknown>, inner: string, context: DirectiveContext) => string | { problem: string };
}

const marker: Record<DirectiveForm, string> = { leaf: "::", container: ":::", inline: ":" };

/** How a directive is written, for the problems that show it: `::video`, `:::details`, `:abbr`. */
export function written(form: DirectiveForm, name: string): string {
  return `${marker[form]}${name}`;
}

/** A local file's path as written, for the problems: an address of another host is refused. */
function localFile(
  prop: string,
  value: string,
  context: DirectiveContext,
): { address: string; problem?: undefined } | { problem: string } {
  const address = context.siteFile(value);
  if (address === undefined)
    return {
      problem: `has ${prop}="${value}": expected a file of the site (beside the post or in public/), since the page asks no other host for anything`,
    };
  return { address };
}

/** `.mp4` or `.webm`, the two a browser plays everywhere. */
const videoFile = /\.(?:mp4|webm)$/i;

function renderVideo(values: Record<string, unknown>, context: DirectiveContext): string | { problem: string } {
  const src = values.src as string;
  const path = src.split(/[?#]/)[0]!;
  if (!videoFile.test(path)) return { problem: `has src="${src}": expected an .mp4 or .webm file` };
  const video = localFile("src", src, context);
  if ("problem" in video && video.problem !== undefined) return { problem: video.problem };
  const poster = typeof values.poster === "string" ? localFile("poster", values.poster, context) : undefined;
  if (poster?.problem !== undefined) return { problem: poster.problem };
  const captions = typeof values.captions === "string" ? localFile("captions", values.captions, context) : undefined;
  if (captions?.problem !== undefined) return { problem: captions.problem };
  if (typeof values.captions === "string" && !/\.vtt$/i.test(values.captions.split(/[?#]/)[0]!))
    return { problem: `has captions="${values.captions}": expected a WebVTT file (.vtt)` };
  const title = values.title as string | undefined;
  const address = (video as { address: string }).address;
  // Width and height are the file's own, set once its bytes are read (render/body-videos.ts).
  const attributes = [
    `src="${escapeAttribute(address)}"`,
    "controls",
    'preload="none"',
    "playsinline",
    ...(values.loop ? ["loop"] : []),
    ...(poster && "address" in poster ? [`poster="${escapeAttribute(poster.address)}"`] : []),
    ...(title ? [`aria-label="${escapeAttribute(title)}"`] : []),
  ];
  const track =
    captions && "address" in captions
      ? `<track kind="captions" src="${escapeAttribute(captions.address)}" label="${escapeAttribute(context.labels.captions)}" default>`
      : "";
  // Inside the element, what a browser that plays no video shows: a link to the file.
  const fallback = `<a href="${escapeAttribute(address)}">${escapeHtml(title ?? path.split("/").pop()!)}</a>`;
  const element = `<video ${attributes.join(" ")}>${track}${fallback}</video>`;
  return context.slot(
    title
      ? `<figure class="video">${element}<figcaption>${escapeHtml(title)}</figcaption></figure>`
      : `<figure class="video">${element}</figure>`,
  );
}

/**
 * A video of another host as a facade that asks that host for nothing until the visitor clicks:
 * a poster drawn of its title, a real button that names it, and the link to the video for readers
 * without JavaScript. The island's plain module (client/embed-facade.ts) puts the player in its place.
 */
function renderEmbed(host: EmbedHost, values: Record<string, unknown>, context: DirectiveContext) {
  const id = values.id as string;
  if (!host.id.test(id))
    return { problem: `has id="${id}": expected a ${host.label} video's id, such as id="${host.idExample}"` };
  const title = values.title as string;
  const play = context.labels.play.replace("{title}", title);
  const playIcon =
    '<svg class="embed-icon" viewBox="0 0 68 48" width="68" height="48" aria-hidden="true" focusable="false"><rect width="68" height="48" rx="12"/><path d="M27 14v20l18-10z"/></svg>';
  return context.slot(
    `<figure class="embed" data-island="${embedIsland}" data-embed-src="${escapeAttribute(host.player(id))}" data-embed-title="${escapeAttribute(title)}">` +
      `<div class="embed-frame"><button type="button" class="embed-play"><span class="embed-poster" aria-hidden="true">${escapeHtml(title)}</span>${playIcon}<span class="visually-hidden">${escapeHtml(play)}</span></button></div>` +
      `<figcaption><a href="${escapeAttribute(host.page(id))}">${escapeHtml(title)}</a> (${host.label})</figcaption>` +
      "</figure>",
  );
}

/** The components every site has. */
export const builtInDirectives: ReadonlyMap<string, DirectiveComponent> = new Map<string, DirectiveComponent>([
  [
    "details",
    {
      form: "container",
      props: { summary: field.text(), open: field.boolean().optional() },
      // Sanitised with the rest: content's own `<details>` is kept too.
      render: (values, inner) =>
        `<details${values.open ? " open" : ""}><summary>${escapeHtml(values.summary as string)}</summary>\n${inner}</details>\n`,
    },
  ],
  [
    "video",
    {
      form: "leaf",
      props: {
        src: field.text(),
        title: field.text().optional(),
        poster: field.text().optional(),
        captions: field.text().optional(),
        loop: field.boolean().optional(),
      },
      render: (values, _inner, context) => renderVideo(values, context),
    },
  ],
  [
    "youtube",
    {
      form: "leaf",
      props: { id: field.text(), title: field.text() },
      render: (values, _inner, context) => renderEmbed(embedHosts.youtube, values, context),
    },
  ],
  [
    "vimeo",
    {
      form: "leaf",
      props: { id: field.text(), title: field.text() },
      render: (values, _inner, context) => renderEmbed(embedHosts.vimeo, values, context),
    },
  ],
  [
    "codepen",
    {
      form: "leaf",
      props: { id: field.text(), user: field.text(), title: field.text() },
      render: (values, _inner, context) => {
        const { id, user } = values as { id: string; user: string };
        if (!codepenUser.pattern.test(user))
          return { problem: `has user="${user}": expected a CodePen user name, such as user="${codepenUser.example}"` };
        if (!embedHosts.codepen.id.test(`${user}/${id}`))
          return {
            problem: `has id="${id}": expected a CodePen pen's id, such as id="${embedHosts.codepen.idExample}"`,
          };
        return renderEmbed(embedHosts.codepen, { ...values, id: `${user}/${id}` }, context);
      },
    },
  ],
  [
    "stackblitz",
    {
      form: "leaf",
      props: { id: field.text(), title: field.text() },
      render: (values, _inner, context) => {
        const id = values.id as string;
        if (!embedHosts.stackblitz.id.test(id))
          return {
            problem: `has id="${id}": expected a StackBlitz project's id, such as id="${embedHosts.stackblitz.idExample}"`,
          };
        return renderEmbed(embedHosts.stackblitz, values, context);
      },
    },
  ],
  [
    "gallery",
    {
      form: "container",
      props: {},
      render: (_values, inner, context) => renderGallery(inner, context),
    },
  ],
  [
    "abbr",
    {
      form: "inline",
      props: { title: field.text() },
      render: (values, inner) => `<abbr title="${escapeAttribute(values.title as string)}">${inner}</abbr>`,
    },
  ],
  [
    "kbd",
    {
      form: "inline",
      props: {},
      render: (_values, inner) => `<kbd>${inner}</kbd>`,
    },
  ],
]);

/**
 * A directive's component and its props' values, or the problem as the owner reads it: an unknown
 * name with the one it most likely meant, the wrong form, an attribute it does not take, a missing
 * one, or a value its kind refuses.
 */
export function checkDirective(
  components: ReadonlyMap<string, DirectiveComponent>,
  form: DirectiveForm,
  name: string,
  attributes: readonly DirectiveAttribute[],
): { component: DirectiveComponent; values: Record<string, unknown> } | { problem: string } {
  const shown = written(form, name);
  const component = components.get(name);
  if (!component) {
    const names = [...components.keys()];
    const meant = closestWord(name, names);
    return {
      problem: meant
        ? `${shown} does not exist: did you mean ${written(components.get(meant)!.form, meant)}?`
        : `${shown} does not exist: expected one of ${names.map((known) => written(components.get(known)!.form, known)).join(", ")}`,
    };
  }
  if (!(component.forms ?? [component.form]).includes(form))
    return {
      problem: `${shown} is written ${formWords[component.form]}: ${written(component.form, name)}${formExample[component.form]}`,
    };
  const values: Record<string, unknown> = {};
  const props = Object.keys(component.props);
  for (const { key, value } of attributes) {
    const prop = component.props[key];
    if (!prop || !Object.hasOwn(component.props, key)) {
      const meant = closestWord(key, props);
      return {
        problem: `${shown} has no attribute "${key}": ${meant ? `did you mean "${meant}"?` : props.length ? `expected ${props.map((known) => `"${known}"`).join(", ")}` : "it takes none"}`,
      };
    }
    const given = valueOfText(prop, value);
    if (given === undefined)
      return { problem: `${shown} has ${key} without a value: expected ${key}="…" (${expectedOf(prop)})` };
    const result = ownerFieldSchema(prop).safeParse(given);
    if (!result.success)
      return {
        problem: `${shown} has ${key}="${value}": ${result.error.issues[0]?.message ?? `expected ${expectedOf(prop)}`}`,
      };
    values[key] = result.data;
  }
  for (const [key, prop] of Object.entries(component.props)) {
    if (Object.hasOwn(values, key)) continue;
    if (prop.required)
      return { problem: `${shown} is missing its attribute "${key}": expected ${key}="…" (${expectedOf(prop)})` };
    const result = ownerFieldSchema(prop).safeParse(undefined);
    if (result.success && result.data !== undefined) values[key] = result.data;
  }
  return { component, values };
}

const formWords: Record<DirectiveForm, string> = {
  leaf: "on a line of its own",
  container: "around its content",
  inline: "in a sentence",
};
const formExample: Record<DirectiveForm, string> = {
  leaf: "{…}",
  container: "{…}, its content on the lines below, then a line of :::",
  inline: "[text]{…}",
};

/**
 * An attribute's text as its prop's kind reads it, the text itself changed for two kinds only: a
 * flag or `"true"`/`"false"` for a boolean, a number written as one for a number; anything else stays
 * text for the kind's check to refuse. Undefined for a flag that gives no value where one is needed.
 */
function valueOfText(prop: OwnerFieldData, value: string | undefined): unknown {
  if (prop.kind === "boolean")
    return value === undefined ? true : value === "true" ? true : value === "false" ? false : value;
  if (value === undefined) return undefined;
  if (prop.kind === "number" && /^-?\d+(?:\.\d+)?$/.test(value)) return Number(value);
  if (prop.kind === "list") return value.split(",").map((item) => item.trim());
  return value;
}
