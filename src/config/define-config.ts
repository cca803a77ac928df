/**
 * The shape of `portfolio.config.ts`. Every field is documented with its default; the config is
 * validated once by `config-schema.ts` into a {@link ResolvedConfig} that the rest of the
 * generator receives.
 *
 * Long because it is the public typed config, every field with its doc comment: an owner's editor
 * shows them on hover, and docs/configuration.md is made from this one file
 * (scripts/docs/config-reference.ts reads it alone).
 */

import type { ReactNode } from "react";

/** Icons a social link can show. Brand marks come from simple-icons, the rest from Lucide. */
export type SocialIcon =
  | "github"
  | "gitlab"
  | "codeberg"
  | "bitbucket"
  | "linkedin"
  | "xing"
  | "whatsapp"
  | "telegram"
  | "signal"
  | "discord"
  | "instagram"
  | "flickr"
  | "pixelfed"
  | "mastodon"
  | "bluesky"
  | "x"
  | "youtube"
  | "website";

/** What a social link is for. The Projects page links to the `code` profile in its footer. */
export type SocialKind = "code" | "professional" | "messaging" | "photos" | "other";

/**
 * A value in each language of a site in several (`site.languages`), by language tag:
 * `{ en: "Software engineer", pt: "Engenheira de software" }`. The default language's is required;
 * a language without one shows the default language's. A site in one language gives the value itself.
 */
export type InLanguages<T> = T | { [lang: string]: T };

export interface SocialLink {
  /** What the link is for; the Projects footer links to the first `code` link. */
  kind: SocialKind;
  /** Accessible name and tooltip, e.g. "GitHub". */
  label: InLanguages<string>;
  /** Absolute `https:` (or `mailto:`/`tel:`) URL. */
  url: string;
  /** Icon drawn as inline SVG at build time. */
  icon: SocialIcon;
}

/**
 * Icons a section of the Resume can show beside its heading, from Lucide, drawn as inline SVG at
 * build time. The built-in sections use book-open, briefcase-business, heart-handshake, badge-check,
 * trophy, newspaper, heart (interests) and quote (references).
 */
export type ResumeIcon =
  | "award"
  | "badge-check"
  | "book-open"
  | "bookmark"
  | "briefcase-business"
  | "code"
  | "file-text"
  | "flask-conical"
  | "globe"
  | "graduation-cap"
  | "handshake"
  | "heart"
  | "heart-handshake"
  | "landmark"
  | "lightbulb"
  | "medal"
  | "megaphone"
  | "mic"
  | "microscope"
  | "newspaper"
  | "pen-tool"
  | "presentation"
  | "quote"
  | "rocket"
  | "scroll-text"
  | "star"
  | "trophy"
  | "users"
  | "wrench";

/**
 * A section of the Resume of your own, such as Patents: its entries are the Markdown files of `content/resume/<id>/`.
 */
export interface CustomResumeSection {
  /**
   * Names the section in `resume.sections`, its folder `content/resume/<id>/` and its heading's
   * anchor (`/resume#patents`): lowercase letters, digits and dashes, starting with a letter, and
   * not the id of a built-in section.
   */
  id: string;
  /** The section's heading, e.g. "Patents". */
  title: InLanguages<string>;
  /** Shown beside the heading. @default "bookmark" */
  icon?: ResumeIcon;
  /**
   * How each file becomes an entry. `"cards"`: a dated card (`title`, `subtitle`, `date`, optional
   * `url`, the body), newest first, like awards. `"timeline"`: an entry from `start` to `end`
   * (`title`, `organisation`, optional `url`, the body), like experience. docs/content.md has the fields.
   */
  layout: "cards" | "timeline";
}

/**
 * A font the site publishes itself: an installed Fontsource package (`"@fontsource/inter"`,
 * `"@fontsource-variable/inter"`: `npm install` it beside the config), or font files of `public/`
 * (`"fonts/Lora.woff2"`, or a list with one file per weight and style). Only the weights, styles
 * and character subsets the pages use are published.
 */
export type FontChoice = string | string[];

export interface ThemeConfig {
  /**
   * The accent of the light theme (links, active states, buttons), in any of the CSS notations
   * `#0e7490`, `rgb(14 116 144)`, `hsl(192 82% 31%)`, `oklch(0.52 0.09 223)`. Its darker end,
   * its faint wash and the text on it are made from it. The build refuses one that gives text
   * less than 4.5:1 contrast, naming the nearest shade that passes. @default the sample's orange,
   * hsl(24 88% 36%)
   */
  accent?: string;
  /**
   * The accent of the dark theme, checked the same way on the dark backgrounds. @default `accent`
   * lightened until it stands out on the dark page (7:1), or the sample's amber without `accent`
   */
  darkAccent?: string;
  /**
   * The fonts of the pages, published with the site (no font service is asked).
   * @default Inter for text, the system's monospace for code
   */
  fonts?: {
    /**
     * The font of every page's text; `false` for the system's own (system-ui) instead, with no font
     * file to download. @default Inter, shipped with portfolio (only the subsets the pages use)
     */
    text?: FontChoice | false;
    /** The font of code (code blocks, inline code, kbd). @default the system's monospace */
    code?: FontChoice;
  };
  /**
   * The corner radius of cards, in CSS pixels, from 0 (square) to 40; panels, buttons and chips
   * are rounded in proportion. @default 14
   */
  radius?: number;
  /**
   * The page's arrangement: `"sidebar"`, the owner's card beside the page (below 1024 px, above
   * it) and the menu at the foot of a phone's screen; `"column"`, one centred reading column under
   * a compact header with the photo, name and menu, the contacts in the footer; `"wide"`, a top
   * navigation bar over pages using the full width, with a hero of the owner on About. A layout is
   * a set of components and styles: the owner's own `components/Layout.tsx` (or any override)
   * still wins. @default "sidebar"
   */
  layout?: "sidebar" | "column" | "wide";
  /**
   * The theme a visitor's first page is drawn in: `"light"`, `"dark"`, or `"system"`, the one their
   * device is set to (`prefers-color-scheme`), right from the first paint. The theme toggle then
   * switches, and the visitor's choice is remembered and wins over this on every later visit.
   * Without JavaScript a page is light. @default "light"
   */
  initial?: "light" | "dark" | "system";
}

export interface PortfolioConfig {
  /** The site as a whole: its title, address, language and what it lets others do with it. */
  site: {
    /**
     * The site's name, as share cards (`og:site_name`) and the web manifest give it. Leave it out to
     * follow the owner: `"{owner.name} — {owner.jobTitle}"`.
     */
    title?: InLanguages<string>;
    /**
     * Meta description of the About page and fallback for other screens. Leave it out to follow the
     * owner: `"{owner.name}, {owner.jobTitle}"` (the words of the string `description.ownerImage`).
     */
    description?: InLanguages<string>;
    /** Absolute URL the site is deployed at, e.g. `https://ada.dev`. Used for canonical links. @default undefined */
    url?: string;
    /**
     * Path the site is served under, e.g. `/portfolio/` for a GitHub Pages project site: segments of
     * letters, digits, `-`, `_`, `.` and `~` between slashes (no spaces, quotes or `..`). @default "/"
     */
    base?: string;
    /**
     * Language of the pages (`<html lang>`, dates, numbers) and of every word of the interface:
     * en, pt, es, fr, de, it and ar come with the engine (`pt-BR` uses pt); another takes them from `strings`.
     * Arabic, Hebrew, Persian and Urdu pages are laid out right to left. @default "en"
     */
    lang?: string;
    /**
     * A site in several languages: `["en", "pt"]`. The first is the default and its pages are at
     * the base (`/`, `/works/atlas`); each other language's are below its tag (`/pt/`,
     * `/pt/works/atlas`). Content is translated by file name (`atlas.pt.md` beside `atlas.md`), and
     * any text of this config by language (`jobTitle: { en: "…", pt: "…" }`). Leave `lang` out, or
     * give the first of these. @default [lang]
     */
    languages?: string[];
    /**
     * What a language's pages do with a post, project or Markdown page that has no translation in
     * it: `"show"` it in the language it has (the default language's), marked with that language
     * for browsers and screen readers; or `"hide"` it from that language's lists, feeds and search.
     * The About page and the Resume always fall back. Either way, the build lists what is
     * untranslated. @default "show"
     */
    untranslated?: "show" | "hide";
    /**
     * Which other sites may show your pages in a frame: `"none"`, `"self"` (only your own), or a list
     * of https origins (`["https://blog.example"]`). Sent as `frame-ancestors` in the headers that
     * Netlify, Cloudflare Pages, Vercel, nginx and Caddy send (GitHub Pages sends none). @default "none"
     */
    embedding?: "none" | "self" | string[];
    /**
     * Image shown when a page is shared (Open Graph and Twitter cards): a path inside `public/`,
     * ideally a 1200×630 PNG or JPEG. @default the owner's photo
     */
    image?: InLanguages<string>;
    /**
     * The share cards of posts: `"per-post"` draws each post without an `image` a card of its own
     * (its title, your name and photo, 1200×630 JPEG), and each publication of content/publications/
     * one of its title and authors; `"site"` draws none, and every page shares the
     * site's card (`image`, or the one drawn from your photo). Cards are drawn while the pages render and
     * kept in the build cache (docs/images.md says more). @default "per-post"
     */
    shareCards?: "per-post" | "site";
  };
  /** Who the site is about: shown in the sidebar, the page titles, the share cards and the résumé. */
  owner: {
    /** Your name as the site shows it, in every page's footer, title and share card. */
    name: string;
    /** Shown under the name in the sidebar. */
    jobTitle: InLanguages<string>;
    /** Path of the photo inside `public/`, e.g. `images/avatar.webp`. */
    photo: string;
    /** Shown in the sidebar and on the Contact page; the contact form's fallback is a `mailto:` to it. */
    email: string;
    /** Shown as written and dialled as its digits. @default undefined */
    phone?: string;
    /** Free text, e.g. "Lisbon, Portugal". @default undefined */
    location?: InLanguages<string>;
    /** Free text, e.g. "June 23, 1995". @default undefined */
    birthday?: InLanguages<string>;
  };
  /** Sidebar social links, in order. */
  social: SocialLink[];
  /**
   * The CV the sidebar offers as a download. `portfolio cv` prints the Resume page into this file.
   * A site in several languages may offer one per language: `{ en: { file, downloadAs }, pt: { … } }`.
   * Without it the sidebar has no CV button. @default undefined
   */
  cv?: InLanguages<{
    /** Path of the PDF inside `public/`. */
    file: string;
    /** File name the browser saves the CV under. */
    downloadAs: string;
  }>;
  /**
   * EmailJS settings for the contact form. Each may be overridden at build time by the environment
   * variables `EMAILJS_PUBLIC_KEY`, `EMAILJS_SERVICE_ID` and `EMAILJS_TEMPLATE_ID`. Without them the
   * Contact page shows the owner's e-mail address instead of a form. @default undefined
   */
  emailjs?: {
    /** Your EmailJS account's public key (Account → General). */
    publicKey: string;
    /** The id of the e-mail service the messages go through (Email Services). */
    serviceId: string;
    /** The id of the template that gets `name`, `email` and `message` (Email Templates). */
    templateId: string;
  };
  /**
   * The service the contact form sends with, one of:
   * - `{ provider: "emailjs", publicKey, serviceId, templateId }` (the same as `emailjs` above; give one of the two);
   * - `{ provider: "formspree", formId }`: the end of the form's address, https://formspree.io/f/<formId>;
   * - `{ provider: "web3forms", accessKey }`;
   * - `{ provider: "netlify", formName? }`: Netlify Forms on a site Netlify hosts (`formName` defaults to "contact");
   * - `{ provider: "endpoint", url }`: any https address that takes a form's POST.
   * `honeypot` (default true) adds a field people never see: a submit that fills it is refused
   * without sending. Keys may come from the environment at build time instead (docs/contact.md).
   * @default undefined
   */
  contact?: ContactConfig;
  /**
   * What robots.txt tells the crawlers of AI companies. `ai: "allow"` (the default) leaves them the
   * site like any crawler, and writes `llms.txt` and `llms-full.txt` for them (every page's text as
   * Markdown, its links and images at their full addresses); `"disallow"` turns
   * the known ones away by name (GPTBot, ClaudeBot, Google-Extended…) with a `Content-Signal` line
   * (search=yes, ai-input=no, ai-train=no), and writes no llms.txt. Crawlers read robots.txt only at
   * the top of the domain: under a base path (`site.base: "/portfolio/"`) the site's own robots.txt
   * reaches none, and the build warns; put the lines in the domain's /robots.txt. @default { ai: "allow" }
   */
  robots?: {
    /**
     * Whether AI companies' crawlers may read the site: `"allow"` or `"disallow"`. Has no effect
     * under a base path: crawlers read only the domain's /robots.txt. @default "allow"
     */
    ai?: "allow" | "disallow";
  };
  /**
   * Categories a project may have; each is a filter button, so no two may differ only in case or
   * punctuation ("AI/ML", "AI ML"). In a site in several languages a category may be named in each
   * (`{ en: "Hardware", pt: "Eletrónica" }`); content files name it in the default language.
   * @default ["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"] */
  projectCategories?: Array<InLanguages<string>>;
  /**
   * Categories a blog post may have; each is a filter button, so no two may differ only in
   * case or punctuation ("AI/ML", "AI ML"). @default ["Programming", "AI", "Design", "Other"]
   */
  blogCategories?: Array<InLanguages<string>>;
  /**
   * Projects on each page of the Projects list. With more projects than this the list is paged
   * (`/works/page/2`, …) and each category gets pages of its own (`/works/category/web`). @default 24 */
  projectsPerPage?: number;
  /**
   * Posts on each page of the blog's list. A blog with more posts than this is paged
   * (`/blogs/page/2`, …) and each category gets pages of its own (`/blogs/category/ai`), so the
   * list stays small however long the blog grows. @default 12 */
  postsPerPage?: number;
  /** The About page. */
  about?: {
    /**
     * Its sections, in order: `"bio"` (content/about.md), `"services"` (What I Do, content/services/),
     * `"publications"` (the .bib files' entries marked `selected = {true}`, docs/publications.md)
     * and sections of your own by their file's name (`"now"` for content/about/now.md, whose front
     * matter gives its `title`). A section left out is not shown.
     * @default ["bio", "services"] */
    sections?: string[];
  };
  /**
   * The menu's links, in order: the site's own pages by name (`"about"`, `"resume"`, `"projects"`,
   * `"blogs"`, `"contact"`, `"search"`) and Markdown pages by their slug (`"uses"` for
   * content/pages/uses.md, labelled with its `menu.label` or its title). Without it the menu is the
   * spec's: About, Resume, Projects, Contact, and the Markdown pages that give `menu`.
   * @example ["about", "resume", "projects", "blogs", "uses", "contact"] */
  menu?: string[];
  /**
   * Search of the posts, projects and Markdown pages: a page at `/search`, reached from the search
   * button beside the theme toggle, or by pressing `/` or Ctrl+K. The index is made at build time
   * and loaded only when a visitor searches. False leaves search out: no page, no button, no index.
   * @default true */
  search?: boolean;
  /**
   * Publications read from the BibTeX files of content/publications/ (`*.bib`, as Zotero, JabRef or
   * Mendeley export them): a page at `/publications` and one per entry, the Resume's publications
   * and `/resume.json`'s. See docs/publications.md.
   */
  publications?: {
    /**
     * The forms of your name as the entries write it, emphasised in every author list; case,
     * accents, dots and "Family, Given" order do not matter. @default [the owner's name]
     * @example ["M. Okafor", "Maya Okafor"] */
    me?: string[];
    /** The list's groups: by year, newest first, or by kind (articles, conference papers, …). @default "year" */
    groupBy?: "year" | "type";
    /**
     * Publications on each page of the list. With more than this the list is paged
     * (`/publications/page/2`, …) and each type and each of the ten tags most shared (by two or more)
     * gets pages of its own (`/publications/category/conference-papers`). @default 50 */
    perPage?: number;
    /**
     * Whether an entry that cannot be read fails the build. False builds the others and lists, as
     * warnings, each entry left out with its file, key and line. @default true */
    strict?: boolean;
  };
  /**
   * Groups of the technical skills on the Resume, in order. Each names a heading's id, so two that
   * differ only in case or punctuation ("AI/ML" and "AI ML") are an
   * error. @default ["Web", "Mobile", "AI/ML", "Desktop", "Embedded"] */
  skillCategories?: Array<InLanguages<string>>;
  /** The Resume's sections: their order, and sections of your own. */
  resume?: {
    /**
     * The sections the Resume shows, in this order, by id: `education`, `experience`, `volunteer`,
     * `certificates`, `awards`, `publications`, `technical-skills`, `soft-skills`, `languages`,
     * `interests`, `references`, and the ids of `customSections`. A section left out is neither shown nor written to
     * `/resume.json`. @default the built-in sections in the order above, then `customSections` in theirs
     */
    sections?: string[];
    /** Sections of your own, each a folder of Markdown files in `content/resume/<id>/`. @default [] */
    customSections?: CustomResumeSection[];
  };
  /**
   * Colours, fonts and corners: see docs/theme.md. Without it
   * the site looks as the sample does. @default undefined
   */
  theme?: ThemeConfig;
  /**
   * Your own words for any string of the interface, by key: `{ "page.blogs": "Writing" }`. The
   * engine has every string in English, Portuguese, Spanish, French, German, Italian and Arabic,
   * chosen by `site.lang`; for another language, give all of them (those left out are shown in English, and the
   * build says how many). A message about a number has one text per plural form: `{ one: "{count} part", other:
   * "{count} parts" }`. Every key, with its English text, is listed in docs/languages.md. @default undefined
   */
  strings?: InLanguages<InterfaceStrings>;
  /**
   * Your GitHub repositories as cards on the Projects page, fetched from GitHub when the site is
   * built (never by the visitor's browser), and the figures of the repository a project's `github`
   * links to on that project's page. See docs/integrations.md. @default undefined
   */
  github?: GitHubConfig;
  /** Comments under each post, with giscus (GitHub Discussions). See docs/integrations.md. @default undefined */
  comments?: CommentsConfig;
  /**
   * Visits counted by one privacy-friendly service, without cookies: Plausible, Umami or
   * GoatCounter, on their cloud or your own server. See docs/integrations.md. @default undefined
   */
  analytics?: AnalyticsConfig;
  /**
   * Fields of your own, by content folder as docs/content-fields.md names it (`projects`, `blog`,
   * `pages`, `education`, a custom section's id…), each made with `field`:
   * `{ projects: { featured: field.boolean().default(false) } }`. They are written in that folder's
   * front matter, checked like the engine's own, and given to your components under the item's
   * `fields` (`project.fields.featured`). See docs/shape.md. @default undefined
   */
  fields?: { [collection: string]: { [name: string]: OwnerField } };
  /**
   * The order of a folder's lists (its pages, categories and tags), by fields of its files, the
   * first deciding: `{ projects: ["-featured", "title"] }`, `-` for the highest (or latest, or
   * true) first. Entries alike in them keep the default order; the feeds stay newest first. @default undefined
   */
  sort?: { [collection: string]: string[] };
}

/** What a field of your own holds. */
export type OwnerFieldKind = "text" | "number" | "boolean" | "date" | "url" | "image" | "choice" | "list";

/** A field of your own as the config holds it: plain data, which the build checks. */
export interface OwnerFieldData {
  kind: OwnerFieldKind;
  /** False once `.optional()` or `.default(…)` is said: a file may leave it out. */
  required: boolean;
  /** The value a file that leaves it out gets. */
  defaultValue?: unknown;
  /** One line that says what it is for, shown by the docs and `portfolio check`. */
  description?: string;
  /** A `choice`'s values. */
  choices?: string[];
  /** A `list`'s kind of item. */
  of?: OwnerListItemData;
}

/** A `list`'s item: a field of one value. */
export interface OwnerListItemData extends Omit<OwnerFieldData, "kind" | "of"> {
  kind: Exclude<OwnerFieldKind, "list">;
}

/**
 * A field of your own, made by `field`; `Value` is what a file gives it, and what your components
 * read under `fields`.
 */
export class OwnerField<Value = unknown> implements OwnerFieldData {
  declare readonly kind: OwnerFieldKind;
  declare readonly required: boolean;
  declare readonly defaultValue?: unknown;
  declare readonly description?: string;
  declare readonly choices?: string[];
  declare readonly of?: OwnerListItemData;
  /** Only for its type: what a file gives the field. */
  declare readonly valueType?: Value;

  constructor(data: OwnerFieldData) {
    // Own properties only: the config is copied as plain data before it is checked.
    Object.assign(this, data);
  }

  /** A file may leave it out: its value is then undefined. */
  optional(): OwnerField<Value | undefined> {
    return new OwnerField<Value | undefined>({ ...this, required: false });
  }

  /** A file may leave it out: its value is then this one. */
  default(value: NonNullable<Value>): OwnerField<NonNullable<Value>> {
    return new OwnerField<NonNullable<Value>>({ ...this, required: false, defaultValue: value });
  }

  /** One line that says what it is for, shown by the docs and `portfolio check`. */
  describe(description: string): OwnerField<Value> {
    return new OwnerField<Value>({ ...this, description });
  }
}

/** An item's kind in a `field.list`, as a field or by its name. */
export type ListItemKind = "text" | "number" | "boolean" | "date" | "url" | "image";

/**
 * The fields of your own, for the config's `fields`: each required unless `.optional()` or given a
 * `.default(…)`, and described with `.describe("…")`.
 */
export const field: {
  /** Text of one line or more. */
  text(): OwnerField<string>;
  /** A number, such as 3 or 4.5. */
  number(): OwnerField<number>;
  /** true or false. */
  boolean(): OwnerField<boolean>;
  /** A day as YYYY-MM-DD. */
  date(): OwnerField<string>;
  /** An http(s) address. */
  url(): OwnerField<string>;
  /** An image's path in public/ (`images/atlas-demo.webp`). */
  image(): OwnerField<string>;
  /** One of the values listed. */
  choice<const Choices extends readonly string[]>(choices: Choices): OwnerField<Choices[number]>;
  /** A list of values of one kind: `field.list("text")` or `field.list(field.url())`. */
  list<Item = string>(of: ListItemKind | OwnerField<Item>): OwnerField<Item[]>;
} = {
  text: () => new OwnerField<string>({ kind: "text", required: true }),
  number: () => new OwnerField<number>({ kind: "number", required: true }),
  boolean: () => new OwnerField<boolean>({ kind: "boolean", required: true }),
  date: () => new OwnerField<string>({ kind: "date", required: true }),
  url: () => new OwnerField<string>({ kind: "url", required: true }),
  image: () => new OwnerField<string>({ kind: "image", required: true }),
  choice: (choices) => new OwnerField({ kind: "choice", required: true, choices: [...choices] }),
  list: <Item>(of: ListItemKind | OwnerField<Item>) =>
    new OwnerField<Item[]>({
      kind: "list",
      required: true,
      // A list of lists is refused by the config's check.
      of: typeof of === "string" ? { kind: of, required: true } : ({ ...of, required: true } as OwnerListItemData),
    }),
};

/**
 * The props of a component of yours in content (`components/content/<Name>.tsx`, used as `::name{…}`),
 * from the `props` it declares with `field`: `export function Stat({ value }: ContentProps<typeof props>)`.
 * What a container (`:::name` … `:::`) or an inline directive (`:name[text]`) holds comes as `children`.
 */
export type ContentProps<Props extends Record<string, OwnerField<unknown>>> = Flat<
  { [Name in keyof Props]: Props[Name] extends OwnerField<infer Value> ? Value : never } & { children?: ReactNode }
>;

/** One object type of an intersection's, as an editor shows it. */
type Flat<Shape> = { [Name in keyof Shape]: Shape[Name] };

export interface GitHubConfig {
  /** The account (user or organisation) whose repositories are shown. */
  user: string;
  /**
   * The repositories the cards show, in this order: `"name"` (of `user`) or `"owner/name"`.
   * @default the `count` most starred of `user`'s own, without forks, archived ones, the profile's
   * README repository, and those a project of the site links to
   */
  repos?: string[];
  /** How many cards, from 1 to 30, when `repos` is not given. @default 6 */
  count?: number;
  /** Whether forks may be among the most starred. @default false */
  forks?: boolean;
  /** Whether archived repositories may be among the most starred. @default false */
  archived?: boolean;
}

export interface CommentsConfig {
  /**
   * giscus's settings for your repository, as its configuration page (https://giscus.app) gives
   * them. Each post's discussion is found by the post's address (giscus's "specific" mapping).
   */
  giscus: {
    /** The public repository whose Discussions hold the comments: `owner/name`. */
    repo: string;
    /** Its id (`data-repo-id` on giscus.app). */
    repoId: string;
    /** The Discussions category new discussions are made in, such as `Comments`. */
    category: string;
    /** Its id (`data-category-id`). */
    categoryId: string;
    /** Reactions on each post's discussion. @default true */
    reactions?: boolean;
  };
}

/** One analytics service: give one of the three. */
export interface AnalyticsConfig {
  /** Plausible Analytics (https://plausible.io), or your own Plausible server. */
  plausible?: {
    /** The site's domain as Plausible knows it, such as `ada.dev`. */
    domain: string;
    /** The script's address, for a self-hosted Plausible. @default "https://plausible.io/js/script.js" */
    src?: string;
    /**
     * Where the script sends events, when not beside the script (`data-api`). @default the script's origin + /api/event
     */
    api?: string;
  };
  /** Umami (https://umami.is), on its cloud or your own server. */
  umami?: {
    /** The website id Umami gives (a UUID). */
    websiteId: string;
    /** The script's address, for a self-hosted Umami. @default "https://cloud.umami.is/script.js" */
    src?: string;
    /** Where the script sends events, when not beside the script (`data-host-url`). @default the script's origin */
    hostUrl?: string;
  };
  /** GoatCounter (https://www.goatcounter.com), on its service or your own. */
  goatcounter?: {
    /** Your site's count endpoint, such as `https://ada.goatcounter.com/count`. */
    endpoint: string;
    /** The script's address, for a self-hosted GoatCounter. @default "https://gc.zgo.at/count.js" */
    src?: string;
  };
}

/**
 * A message about a number: one text per plural form of the language (`Intl.PluralRules`: English
 * has one and other; Arabic all six). `other` is required; `zero`, when given, is used for an exact 0.
 */
export interface PluralMessage {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

/**
 * Every string of the interface, by key, each with its English text. Placeholders in braces
 * (`{owner}`) are filled in by the page; a string may leave any of them out, but use no other.
 */
export type InterfaceStrings = {
  /** "Skip to content" */
  "layout.skipToContent"?: string;
  /** "Profile" */
  "layout.profile"?: string;
  /** "Main" */
  "layout.menu"?: string;
  /** "© {owner}" */
  "layout.copyright"?: string;
  /** "Languages" */
  "layout.languages"?: string;
  /** "Search" */
  "topbar.search"?: string;
  /** "Search (press / or Ctrl+K)" */
  "topbar.searchHint"?: string;
  /** "Dark theme" */
  "topbar.darkTheme"?: string;
  /** "Show contacts" */
  "sidebar.showContacts"?: string;
  /** "Email" */
  "sidebar.email"?: string;
  /** "Phone" */
  "sidebar.phone"?: string;
  /** "Birthday" */
  "sidebar.birthday"?: string;
  /** "Location" */
  "sidebar.location"?: string;
  /** "Social links" */
  "sidebar.socialLinks"?: string;
  /** "Download CV" */
  "sidebar.downloadCv"?: string;
  /** "About" */
  "page.about"?: string;
  /** "Resume" */
  "page.resume"?: string;
  /** "Projects" */
  "page.projects"?: string;
  /** "Blogs" */
  "page.blogs"?: string;
  /** "Contact" */
  "page.contact"?: string;
  /** "Search" */
  "page.search"?: string;
  /** "{page} | {owner}" */
  "page.title"?: string;
  /** "{page}: {category}" */
  "page.inCategory"?: string;
  /** "{page}, page {number} of {count}" */
  "page.numbered"?: string;
  /** "Posts tagged {tag}" */
  "page.postsTagged"?: string;
  /** "Projects tagged {tag}" */
  "page.projectsTagged"?: string;
  /** "Series: {series}" */
  "page.series"?: string;
  /** "Page not found": the 404 page's title and notice. */
  "page.notFound"?: string;
  /** "There is no page at this address. {search} the site, or browse {posts} or {projects}." */
  "notFound.withSearch"?: string;
  /** "There is no page at this address. Browse {posts} or {projects}." (search: false) */
  "notFound.text"?: string;
  /** "Search": the link to the search page in the 404 notice. */
  "notFound.search"?: string;
  /** "Education, experience and skills of {owner}, {jobTitle}." */
  "description.resume"?: string;
  /** "Résumé of {owner} (JSON Resume)" */
  "description.resumeJson"?: string;
  /** "Selected projects by {owner}: {titles} and more." */
  "description.projects"?: string;
  /** "Projects by {owner} in {category}." */
  "description.projectsInCategory"?: string;
  /** "Writing by {owner} on {categories}." */
  "description.blogs"?: string;
  /** "Write to {owner}, {jobTitle}, about a project, a role or a question." */
  "description.contact"?: string;
  /** "Write to {owner}, {jobTitle} in {location}, about a project, a role or a question." */
  "description.contactWithLocation"?: string;
  /** "Posts by {owner} tagged {tag}." */
  "description.postsTagged"?: string;
  /** "Projects by {owner} tagged {tag}." */
  "description.projectsTagged"?: string;
  /** one: "A series of {count} post by {owner}: {titles}.", other: "A series of {count} posts by {owner}: {titles}." */
  "description.series"?: PluralMessage;
  /** "Search the posts and projects of {owner}." */
  "description.search"?: string;
  /** "{owner}, {jobTitle}" */
  "description.ownerImage"?: string;
  /** "{owner}: Blogs" */
  "feed.title"?: string;
  /** "Writing by {owner}, {jobTitle}." */
  "feed.description"?: string;
  /** "What I Do" */
  "about.services"?: string;
  /** "Selected publications" */
  "about.publications"?: string;
  /** "All" */
  "list.all"?: string;
  /** "{category}, page {number} of {count}" */
  "list.categoryPage"?: string;
  /** "Page {number} of {count}" */
  "list.pageOf"?: string;
  /** "Page {number}" */
  "list.page"?: string;
  /** "Pages" */
  "list.pages"?: string;
  /** "Newer" */
  "list.newer"?: string;
  /** "Older" */
  "list.older"?: string;
  /** "Draft" */
  "list.draft"?: string;
  /** "Tags" */
  "list.tags"?: string;
  /** "Tags of {title}" */
  "list.tagsOf"?: string;
  /** "All posts" */
  "blogs.allPosts"?: string;
  /** "Blog posts" */
  "blogs.heading"?: string;
  /** "Filter blogs by category" */
  "blogs.filter"?: string;
  /** "No blogs in the selected category." */
  "blogs.empty"?: string;
  /** "Pages of the blog" */
  "blogs.pages"?: string;
  /** "Pages of the {category} posts" */
  "blogs.categoryPages"?: string;
  /** "Author" */
  "blogs.author"?: string;
  /** "Date" */
  "blogs.date"?: string;
  /** "Category" */
  "blogs.category"?: string;
  /** "Illustration for {title}" */
  "post.imageAlt"?: string;
  /** "Draft: not published. It is here because the site was built with --drafts." */
  "post.draftNote"?: string;
  /** one: "{count} min read", other: "{count} min read" */
  "post.readingTime"?: PluralMessage;
  /** "Part {part} of {count} in the series {series}" */
  "post.seriesPlace"?: string;
  /** "Series" */
  "post.series"?: string;
  /** "Parts of the series {series}" */
  "post.seriesParts"?: string;
  /** "Related posts" */
  "post.related"?: string;
  /** "More posts" */
  "post.pager"?: string;
  /** "Newer post" */
  "post.newer"?: string;
  /** "Older post" */
  "post.older"?: string;
  /** "Read it all on the post's own page" */
  "post.readAll"?: string;
  /** "Series" */
  "series.eyebrow"?: string;
  /** one: "{count} part", other: "{count} parts" */
  "series.parts"?: PluralMessage;
  /** "Part {number}" */
  "series.part"?: string;
  /** "Posts tagged" */
  "tag.postsEyebrow"?: string;
  /** "Projects tagged" */
  "tag.projectsEyebrow"?: string;
  /** "Pages of the posts tagged {tag}" */
  "tag.postPages"?: string;
  /** "Pages of the projects tagged {tag}" */
  "tag.projectPages"?: string;
  /** "All projects" */
  "projects.allProjects"?: string;
  /** "Featured projects" */
  "projects.heading"?: string;
  /** "Filter projects by category" */
  "projects.filter"?: string;
  /** "No projects found in the selected category." */
  "projects.empty"?: string;
  /** "Pages of the projects" */
  "projects.pages"?: string;
  /** "Pages of the {category} projects" */
  "projects.categoryPages"?: string;
  /** "Other Projects" */
  "projects.other"?: string;
  /** "See more of my work on {site}" */
  "projects.seeMore"?: string;
  /** "Screenshot of {title}" */
  "project.imageAlt"?: string;
  /** "When" */
  "project.when"?: string;
  /** "Year" */
  "project.year"?: string;
  /** "For" */
  "project.for"?: string;
  /** "Category" */
  "project.category"?: string;
  /** "Project type" */
  "project.type"?: string;
  /** "Client" */
  "project.client"?: string;
  /** "Roles" */
  "project.roles"?: string;
  /** "Languages" */
  "project.languages"?: string;
  /** "Preview" */
  "project.preview"?: string;
  /** "Features" */
  "project.features"?: string;
  /** "Technical highlights" */
  "project.highlights"?: string;
  /** "Key components" */
  "project.components"?: string;
  /** "Source code" */
  "project.source"?: string;
  /** "More projects" */
  "project.pager"?: string;
  /** "Previous project" */
  "project.previous"?: string;
  /** "Next project" */
  "project.next"?: string;
  /** "Read it all on the project's own page" */
  "project.readAll"?: string;
  /** "On GitHub" */
  "github.heading"?: string;
  /** one: "{count} star", other: "{count} stars" */
  "github.stars"?: PluralMessage;
  /** one: "{count} fork", other: "{count} forks" */
  "github.forks"?: PluralMessage;
  /** "Updated {date}" */
  "github.updated"?: string;
  /** "Archived" */
  "github.archived"?: string;
  /** "Fork" */
  "github.fork"?: string;
  /** "On GitHub: {repository}" */
  "github.figures"?: string;
  /** "Comments" */
  "comments.heading"?: string;
  /** "Join the discussion on GitHub" */
  "comments.link"?: string;
  /** "Show the comments" */
  "comments.show"?: string;
  /** "The comments are discussions on GitHub, shown by giscus.app." */
  "comments.note"?: string;
  /** "Close" */
  "dialog.close"?: string;
  /** "Loading the rest…" */
  "dialog.loading"?: string;
  /** "Unexpected Application Error!" */
  "island.failed"?: string;
  /** "Contents" */
  "toc.summary"?: string;
  /** "Table of contents" */
  "toc.label"?: string;
  "writing.note"?: string;
  "writing.tip"?: string;
  "writing.important"?: string;
  "writing.warning"?: string;
  "writing.caution"?: string;
  "writing.footnotes"?: string;
  "writing.backToReference"?: string;
  "writing.headingLink"?: string;
  "writing.diagram"?: string;
  /** A video facade's button (`::youtube`, `::vimeo`); `{title}` is the video's title. */
  "writing.play"?: string;
  /** A video's captions track, as the player's menu names it (`::video{captions=…}`). */
  "writing.captions"?: string;
  /** A code block's copy button, as screen readers name it. */
  "writing.copyCode"?: string;
  /** What screen readers hear once a code block is copied. */
  "writing.copied"?: string;
  /** A gallery's lightbox: its close button. */
  "writing.galleryClose"?: string;
  /** A gallery's lightbox: the button to the image before. */
  "writing.galleryPrevious"?: string;
  /** A gallery's lightbox: the button to the image after. */
  "writing.galleryNext"?: string;
  /** "Education" */
  "resume.education"?: string;
  /** "Experience" */
  "resume.experience"?: string;
  /** "Volunteer work" */
  "resume.volunteer"?: string;
  /** "Certificates" */
  "resume.certificates"?: string;
  /** "Awards" */
  "resume.awards"?: string;
  /** "Publications & talks" */
  "resume.publications"?: string;
  /** "Technical skills" */
  "resume.skills"?: string;
  /** "Soft skills" */
  "resume.softSkills"?: string;
  /** "Languages" */
  "resume.languages"?: string;
  /** "Interests" */
  "resume.interests"?: string;
  /** "References" */
  "resume.references"?: string;
  /** "Present" */
  "resume.present"?: string;
  /** "Grade: {grade}" */
  "resume.grade"?: string;
  /** "Courses: {courses}" */
  "resume.courses"?: string;
  /** "Contact Us" */
  "contact.heading"?: string;
  /** "Prefer e-mail? Write to {email}." */
  "contact.preferEmail"?: string;
  /** "Write to me at {email}; I answer every message." */
  "contact.emailOnly"?: string;
  /** "Name" */
  "contact.name"?: string;
  /** "Your name" */
  "contact.namePlaceholder"?: string;
  /** "Email" */
  "contact.email"?: string;
  /** "you@example.com" */
  "contact.emailPlaceholder"?: string;
  /** "Subject" */
  "contact.subject"?: string;
  /** "What is it about?" */
  "contact.subjectPlaceholder"?: string;
  /** "Message" */
  "contact.message"?: string;
  /** "Your message" */
  "contact.messagePlaceholder"?: string;
  /** "Loading..." */
  "contact.sending"?: string;
  /** "Submit" */
  "contact.send"?: string;
  /** "Email sent successfully! I'll contact you shortly." */
  "contact.sent"?: string;
  /** "Error sending email." */
  "contact.failed"?: string;
  /** "Search posts and projects" */
  "search.label"?: string;
  /** "Search" */
  "search.submit"?: string;
  /** "Search needs JavaScript, which is off in this browser. Browse {posts} or {projects}." */
  "search.noScript"?: string;
  /** "all posts" */
  "search.allPosts"?: string;
  /** "all projects" */
  "search.allProjects"?: string;
  /** "Browse {posts} or {projects}." */
  "search.browse"?: string;
  /** "Searching…" */
  "search.searching"?: string;
  /**
   * zero: "No results for “{query}”. Try another word.", one: "{count}
   * result for “{query}”", other: "{count} results for “{query}”"
   */
  "search.found"?: PluralMessage;
  /** "Results for {query}" */
  "search.resultsFor"?: string;
  /** "More results" */
  "search.more"?: string;
  /** "Search could not be loaded." */
  "search.failed"?: string;
  /** "Post" */
  "search.kindPost"?: string;
  /** "Project" */
  "search.kindProject"?: string;
  /** "Page" */
  "search.kindPage"?: string;
  /** "Publication" */
  "search.kindPublication"?: string;
  /** "Publications" */
  "page.publications"?: string;
  /** { one: "{count} publication by {owner}: …", other: "{count} publications by {owner}: …" } */
  "description.publications"?: PluralMessage;
  /** "Publications by {owner}: {category}." */
  "description.publicationsInCategory"?: string;
  /** "All publications" */
  "publications.allPublications"?: string;
  /** "Filter publications by type or tag" */
  "publications.filter"?: string;
  /** "No publications of the selected type or tag." */
  "publications.empty"?: string;
  /** "Pages of the publications" */
  "publications.pages"?: string;
  /** "Pages of the publications in {category}" */
  "publications.categoryPages"?: string;
  /** "Forthcoming" */
  "publications.undated"?: string;
  /** "et al." */
  "publications.etAl"?: string;
  /** "Abstract" */
  "publications.abstract"?: string;
  /** "BibTeX" */
  "publications.bibtex"?: string;
  /** "Links of {title}" */
  "publications.links"?: string;
  /** "Code" */
  "publications.code"?: string;
  /** "Slides" */
  "publications.slides"?: string;
  /** "Poster" */
  "publications.poster"?: string;
  /** "Video" */
  "publications.video"?: string;
  /** "Website" */
  "publications.website"?: string;
  /** "Edited by {editors}" */
  "publications.editors"?: string;
  /** "Award" */
  "publications.award"?: string;
  /** "Journal articles" */
  "publications.kindArticle"?: string;
  /** "Conference papers" */
  "publications.kindInProceedings"?: string;
  /** "Book chapters" */
  "publications.kindInCollection"?: string;
  /** "Books" */
  "publications.kindBook"?: string;
  /** "PhD theses" */
  "publications.kindPhdThesis"?: string;
  /** "Master's theses" */
  "publications.kindMastersThesis"?: string;
  /** "Technical reports" */
  "publications.kindTechReport"?: string;
  /** "Patents" */
  "publications.kindPatent"?: string;
  /** "Unpublished work" */
  "publications.kindUnpublished"?: string;
  /** "Other publications" */
  "publications.kindMisc"?: string;
};

/** Identity function: it only gives `portfolio.config.ts` its types and editor help. */
export function defineConfig(config: PortfolioConfig): PortfolioConfig {
  return config;
}

/** The contact form's service (`contact` in the config). */
export type ContactConfig = (
  | { provider: "emailjs"; publicKey: string; serviceId: string; templateId: string }
  | { provider: "formspree"; formId: string }
  | { provider: "web3forms"; accessKey: string }
  | { provider: "netlify"; formName?: string }
  | { provider: "endpoint"; url: string }
) & {
  /** A field hidden from people that only bots fill; a submit that fills it is not sent. @default true */
  honeypot?: boolean;
  /**
   * Cloudflare Turnstile, loaded on the Contact page only when the visitor starts typing; its token
   * goes with the message as `cf-turnstile-response`, for the service to check. @default undefined
   */
  captcha?: { provider: "turnstile"; siteKey: string };
};
