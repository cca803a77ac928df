import type { Page } from "../content/content-types.js";

/** A page the owner wrote in Markdown (`content/pages/uses.md`): its title, then its text, set like a post's. */
export function MarkdownPageScreen({ page }: { page: Page }) {
  return (
    <>
      <header className="item-header">
        <h1 className="article-title" lang={page.lang}>
          {page.title}
        </h1>
      </header>
      <div className="item-body modal-text" lang={page.lang} dangerouslySetInnerHTML={{ __html: page.contentHtml }} />
    </>
  );
}
