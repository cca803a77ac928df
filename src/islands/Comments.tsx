import MessageSquare from "lucide-react/icons/message-square";
import { translator } from "../i18n/message.js";
import type { StringsOf } from "../i18n/strings.js";

/** The words of the comments' section, in the site's language. */
export const commentsStrings = ["comments.note", "comments.link", "comments.show", "island.failed"] as const;

/** What the browser needs to show a post's discussion with giscus (the config's `comments.giscus`). */
export interface CommentsProps {
  repo: string;
  repoId: string;
  category: string;
  categoryId: string;
  reactions: boolean;
  /** Names the post's discussion: the page's path, as giscus's own "pathname" mapping would name it. */
  term: string;
  /** giscus's language for the page's: one it has, else English. */
  giscusLang: string;
  lang: string;
  strings: StringsOf<(typeof commentsStrings)[number]>;
}

/**
 * A post's comments, as the server writes them: a link to the discussion on GitHub, which is all a
 * visitor without JavaScript gets, and the place giscus's frame goes. In the browser, the plain
 * module `client/comments.ts` loads giscus when the section comes into view or on a click of its
 * button, and never before the page has painted.
 */
export function Comments({ repo, term, lang, strings }: CommentsProps) {
  const t = translator(strings, lang);
  return (
    <div className="comments-body" data-comments="">
      <p className="comments-note">
        {t("comments.note")}{" "}
        <a href={discussionSearch(repo, term)} rel="noopener noreferrer" target="_blank">
          {t("comments.link")}
        </a>
      </p>
      {/* Shown once the code that answers it is there: without JavaScript a button would do nothing. */}
      <button type="button" className="comments-show" data-comments-show="" hidden>
        <MessageSquare aria-hidden="true" focusable="false" size={18} />
        <span>{t("comments.show")}</span>
      </button>
      <div className="comments-widget" data-comments-widget="" tabIndex={-1} />
    </div>
  );
}

/** GitHub's search for the post's discussion in the repository: where giscus finds it, by its title. */
export function discussionSearch(repo: string, term: string): string {
  const query = `repo:${repo} in:title "${term}"`;
  return `https://github.com/search?${new URLSearchParams({ q: query, type: "discussions" })}`;
}
