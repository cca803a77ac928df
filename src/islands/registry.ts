import { BlogsBrowser } from "./BlogsBrowser.js";
import { ContactForm } from "./ContactForm.js";
import { ProjectsBrowser } from "./ProjectsBrowser.js";
import { SiteSearch } from "./SiteSearch.js";

/** Every island by name: the server renders them, the bundler makes one client entry for each. */
export const islands = { ProjectsBrowser, BlogsBrowser, ContactForm, SiteSearch } as const;

export type IslandName = keyof typeof islands;

export const islandFiles: Record<IslandName, string> = {
  ProjectsBrowser: "ProjectsBrowser.tsx",
  BlogsBrowser: "BlogsBrowser.tsx",
  ContactForm: "ContactForm.tsx",
  SiteSearch: "SiteSearch.tsx",
};
