/**
 * The shape of `portfolio.config.ts`. Every field is documented with its default; the config is
 * validated once by `config-schema.ts` into a {@link ResolvedConfig} that the rest of the
 * generator receives.
 */

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

export interface SocialLink {
  /** What the link is for; the Projects footer links to the first `code` link. */
  kind: SocialKind;
  /** Accessible name and tooltip, e.g. "GitHub". */
  label: string;
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

/** A section of the Resume of your own, such as Patents: its entries are the Markdown files of `content/resume/<id>/`. */
export interface CustomResumeSection {
  /**
   * Names the section in `resume.sections`, its folder `content/resume/<id>/` and its heading's
   * anchor (`/resume#patents`): lowercase letters, digits and dashes, starting with a letter, and
   * not the id of a built-in section.
   */
  id: string;
  /** The section's heading, e.g. "Patents". */
  title: string;
  /** Shown beside the heading. @default "bookmark" */
  icon?: ResumeIcon;
  /**
   * How each file becomes an entry. `"cards"`: a dated card (`title`, `subtitle`, `date`, optional
   * `url`, the body), newest first, like awards. `"timeline"`: an entry from `start` to `end`
   * (`title`, `organisation`, optional `url`, the body), like experience. content/README.md has the fields.
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
  fonts?: {
    /** The font of every page's text. @default the system's own (system-ui) */
    text?: FontChoice;
    /** The font of code (code blocks, inline code, kbd). @default the system's monospace */
    code?: FontChoice;
  };
  /**
   * The corner radius of cards, in CSS pixels, from 0 (square) to 40; panels, buttons and chips
   * are rounded in proportion. @default 14
   */
  radius?: number;
}

export interface PortfolioConfig {
  site: {
    /** Shown in every page's `<title>` after the screen's name. */
    title: string;
    /** Meta description of the About page and fallback for other screens. */
    description: string;
    /** Absolute URL the site is deployed at, e.g. `https://ada.dev`. Used for canonical links. @default undefined */
    url?: string;
    /**
     * Path the site is served under, e.g. `/portfolio/` for a GitHub Pages project site: segments of
     * letters, digits, `-`, `_`, `.` and `~` between slashes (no spaces, quotes or `..`). @default "/"
     */
    base?: string;
    /** Language of the pages (`<html lang>`). @default "en" */
    lang?: string;
    /**
     * Image shown when a page is shared (Open Graph and Twitter cards): a path inside `public/`,
     * ideally a 1200×630 PNG or JPEG. @default the owner's photo
     */
    image?: string;
  };
  owner: {
    name: string;
    /** Shown under the name in the sidebar. */
    jobTitle: string;
    /** Path of the photo inside `public/`, e.g. `images/avatar.webp`. */
    photo: string;
    email: string;
    /** Shown as written and dialled as its digits. @default undefined */
    phone?: string;
    /** Free text, e.g. "Lisbon, Portugal". @default undefined */
    location?: string;
    /** Free text, e.g. "June 23, 1995". @default undefined */
    birthday?: string;
  };
  /** Sidebar social links, in order. */
  social: SocialLink[];
  /**
   * The CV the sidebar offers as a download. `portfolio cv` prints the Resume page into this file.
   * Without it the sidebar has no CV button. @default undefined
   */
  cv?: {
    /** Path of the PDF inside `public/`. */
    file: string;
    /** File name the browser saves the CV under. */
    downloadAs: string;
  };
  /**
   * EmailJS settings for the contact form. Each may be overridden at build time by the environment
   * variables `EMAILJS_PUBLIC_KEY`, `EMAILJS_SERVICE_ID` and `EMAILJS_TEMPLATE_ID`. Without them the
   * Contact page shows the owner's e-mail address instead of a form. @default undefined
   */
  emailjs?: {
    publicKey: string;
    serviceId: string;
    templateId: string;
  };
  /** Categories a project may have; each is a filter button, so no two may differ only in case or punctuation ("AI/ML", "AI ML"). @default ["Mobile & Web", "AI/ML", "Web", "Mobile", "Hardware"] */
  projectCategories?: string[];
  /** Categories a blog post may have; each is a filter button, so no two may differ only in case or punctuation ("AI/ML", "AI ML"). @default ["Programming", "AI", "Design", "Other"] */
  blogCategories?: string[];
  /**
   * Projects on each page of the Projects list. With more projects than this the list is paged
   * (`/works/page/2`, …) and each category gets pages of its own (`/works/category/web`). @default 24 */
  projectsPerPage?: number;
  /**
   * Posts on each page of the blog's list. A blog with more posts than this is paged
   * (`/blogs/page/2`, …) and each category gets pages of its own (`/blogs/category/ai`), so the
   * list stays small however long the blog grows. @default 12 */
  postsPerPage?: number;
  /**
   * Search of the posts, projects and Markdown pages: a page at `/search`, reached from the search
   * button beside the theme toggle, or by pressing `/` or Ctrl+K. The index is made at build time
   * and loaded only when a visitor searches. False leaves search out: no page, no button, no index.
   * @default true */
  search?: boolean;
  /**
   * Groups of the technical skills on the Resume, in order. Each names a heading's id, so two that
   * differ only in case or punctuation ("AI/ML" and "AI ML") are an error. @default ["Web", "Mobile", "AI/ML", "Desktop", "Embedded"] */
  skillCategories?: string[];
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
   * Colours, fonts and corners: see "Theme: colours, fonts and corners" in the README. Without it
   * the site looks as the sample does. @default undefined
   */
  theme?: ThemeConfig;
}

/** Identity function: it only gives `portfolio.config.ts` its types and editor help. */
export function defineConfig(config: PortfolioConfig): PortfolioConfig {
  return config;
}
