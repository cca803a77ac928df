import { CategoryLinks, type ListPaging, type ListWords } from "../components/ListNavigation.js";
import { emptyIdOf } from "../components/CardList.js";
import { type ListFilterProps, listFilterStrings } from "../islands/ListFilter.js";
import { type Message, pickStrings } from "../i18n/message.js";
import { Island } from "../components/island.js";

/**
 * A list's category filter: on a paged list, links to each category's own pages (so it covers
 * every item, without JavaScript); on a list that fits one page, the `ListFilter` island over the
 * server's cards of `listId`.
 */
export function ListFilterControl({
  label,
  categories,
  listId,
  emptyMessage,
  paging,
  lang,
  strings,
  t,
}: {
  label: string;
  categories: string[];
  listId: string;
  emptyMessage: string;
  paging: ListPaging | undefined;
  lang: string;
  /** The site's whole dictionary, of which the island is sent the words it shows. */
  strings: Readonly<Record<string, Message>>;
  t: ListWords;
}) {
  if (paging) return <CategoryLinks label={label} paging={paging} t={t} />;
  const props: ListFilterProps = {
    label,
    categories,
    listId,
    emptyId: emptyIdOf(listId),
    emptyMessage,
    lang,
    strings: pickStrings(strings, listFilterStrings),
  };
  return <Island name="ListFilter" props={props} />;
}
