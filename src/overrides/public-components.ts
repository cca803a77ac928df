/**
 * `portfolio-ssg/components`: what an owner's component imports from the engine. The engine's
 * default of every component and screen an owner may replace (to wrap it, or to copy its parts),
 * the props of each, and every helper and type the defaults themselves import, so that a copy made
 * by `portfolio eject` compiles as it is. The stable ones (overridable.ts) keep their props across
 * minor versions; the rest may change with any version.
 */
export { Layout } from "../components/Layout.js";
export {
  CvButton,
  OwnerContacts,
  OwnerIdentity,
  OwnerPhoto,
  Sidebar,
  SidebarFrame,
  SocialLinks,
  type SidebarProps,
} from "../components/Sidebar.js";
export { Navbar, type MenuItem, type NavbarProps } from "../components/Navbar.js";
export { ProjectCard, type ProjectCardProps, type ProjectCardView } from "../components/ProjectCard.js";
export { PostCard, type PostCardProps, type PostCardView } from "../components/PostCard.js";
export { AboutScreen } from "../screens/AboutScreen.js";
export { ResumeScreen } from "../screens/ResumeScreen.js";
export { ProjectsScreen, projectView } from "../screens/ProjectsScreen.js";
export { BlogsScreen } from "../screens/BlogsScreen.js";
export { ContactScreen } from "../screens/ContactScreen.js";
export { PostScreen } from "../screens/PostScreen.js";
export { ProjectScreen } from "../screens/ProjectScreen.js";
export { MarkdownPageScreen } from "../screens/MarkdownPageScreen.js";
export {
  useSiteComponents,
  type AboutScreenProps,
  type BlogsScreenProps,
  type ContactScreenProps,
  type LayoutProps,
  type MarkdownPageScreenProps,
  type PostScreenProps,
  type ProjectScreenProps,
  type ProjectsScreenProps,
  type ResumeScreenProps,
  type ResumeWords,
  type SiteComponents,
} from "../components/site-components.js";

// What the defaults are made of.
export { CardImage } from "../components/CardImage.js";
export { CardList } from "../components/CardList.js";
export { BackLink, Pager } from "../components/ItemNavigation.js";
export { outboundLinkIcon } from "../components/drawn-icons.js";
export { LanguageMenu } from "../components/LanguageMenu.js";
export { PageAnalytics, PageMain, PageMenu, PageTools, SkipLink } from "../components/page-parts.js";
export { PageLinks } from "../components/ListNavigation.js";
export { PeopleList, PublicationEntry, publicationLinks } from "../components/PublicationEntry.js";
export { Picture } from "../components/Picture.js";
export { type BlogPostView, PostDialogTemplates } from "../components/PostDialog.js";
export { ProjectDialogTemplates, ProjectFacts, type ProjectView } from "../components/ProjectDialog.js";
export { RepositoryCards, RepositoryFigures } from "../components/Repositories.js";
export { Rich } from "../components/Rich.js";
export { SocialIcon } from "../components/SocialIcon.js";
export { TableOfContents } from "../components/TableOfContents.js";
export { type TagLink, TagLinks } from "../components/TagLinks.js";
export { TopBar } from "../components/TopBar.js";
export { ListFilterControl } from "../screens/ListFilterControl.js";
export { ListPosition, pagingOf } from "../screens/ListPosition.js";
export { tagLinks } from "../screens/tag-links.js";
export { Island } from "../components/island.js";
export { commentsStrings, type CommentsProps } from "../islands/Comments.js";
export { contactFormStrings } from "../islands/ContactForm.js";
export { contactService } from "../config/contact-schema.js";
export { cardLoading, firstViewCards, type FirstView } from "../config/layout-names.js";
export { pageIntegrations } from "../integrations/page-integrations.js";
export { languageLinks } from "../routes/languages.js";
export { searchPaths, type Listing, type Route, type RouteEntry, type Section } from "../routes/make-routes.js";
export { withBase } from "../site-paths.js";
export { formatDate, formatPartialDate, formatPeriod } from "../format-date.js";
export { formatPercent, pickStrings, type Translate } from "../i18n/message.js";
export type { StringKey } from "../i18n/strings.js";
export { idFragment } from "../slug.js";
export { withHeadingLinks, withTableOfContents } from "../content/table-of-contents.js";
export type { ResolvedConfig } from "../config/config-schema.js";
export type { ResumeIcon } from "../config/define-config.js";
export type { ServiceIcon } from "../content/content-schema.js";
export type {
  BlogPost,
  Interest,
  Language,
  Page,
  Period,
  Project,
  Reference,
  ResumeCard,
  Service,
  SoftSkillGroup,
  TimelineEntry,
} from "../content/content-types.js";
export type { SiteContent } from "../content/site-content.js";
export type { Person, ScholarlyWork } from "../content/scholarly-work.js";
export type { FieldsOf, OwnerFieldTypes, OwnerFieldValues } from "../content/owner-fields.js";
export type { PageImages, SiteImage } from "../images/prepare-images.js";
export type { Repository } from "../integrations/github-repositories.js";
export type { ShownSection, SkillGroup } from "../resume/resume-sections.js";

// The layouts' own components (theme.layout), to wrap as the defaults are.
export { ColumnLayout, ColumnOwner } from "../layouts/ColumnLayout.js";
export { OwnerFooter } from "../layouts/OwnerFooter.js";
export { WideHero, WideLayout } from "../layouts/WideLayout.js";
