import X from "lucide-react/icons/x";
import type { ReactNode } from "react";

/** One item's dialog content, keyed by the address of the item's own page, which its card links to. */
export interface ItemDialogContent {
  href: string;
  content: ReactNode;
}

/**
 * A list's dialogs as server HTML the browser does not render until asked: the dialog's frame (its
 * close button) and, for each item, what the dialog shows of it, each in a `<template>`. The list's
 * island (client/item-dialog.ts, a plain module) clones the frame and the clicked card's item into
 * the page, so opening a dialog runs no framework and the dialog is the components the server
 * drew, whatever they are.
 */
export function ItemDialogTemplates({
  labelledBy,
  closeLabel,
  items,
}: {
  /** The id of the title each item's content holds, which names the dialog. */
  labelledBy: string;
  /** The close button's name: "Close", in the site's language. */
  closeLabel: string;
  items: ItemDialogContent[];
}) {
  return (
    <>
      <template data-dialog-frame="">
        <dialog className="modal" aria-labelledby={labelledBy}>
          <div className="modal-content">
            <button type="button" className="modal-close" aria-label={closeLabel}>
              <X aria-hidden="true" focusable="false" size={20} />
            </button>
          </div>
        </dialog>
      </template>
      {items.map((item) => (
        <template key={item.href} data-dialog-item={item.href}>
          {item.content}
        </template>
      ))}
    </>
  );
}

/**
 * Where the item's text goes in its dialog. The list pages do not carry their items' full text: the
 * dialog takes it from the item's own page. Until it arrives, and if it cannot be had, the dialog
 * shows the summary the card already has and, on failure, a link to the item's page: nothing the
 * visitor could read is lost.
 */
export function ItemDialogBody({
  summary,
  lang,
  readAll,
  loading,
}: {
  summary: string;
  /** The item's language, when it is not the page's (an untranslated post). */
  lang?: string | undefined;
  /** The link to the item's page when its text cannot be had: "Read it all on the post's own page". */
  readAll: string;
  /** The status while it comes: "Loading the rest…". */
  loading: string;
}) {
  return (
    <div className="modal-text" aria-busy="true" data-dialog-body="" data-read-all={readAll} data-lang={lang}>
      <p lang={lang}>{summary}</p>
      <p className="modal-more" role="status">
        {loading}
      </p>
    </div>
  );
}
