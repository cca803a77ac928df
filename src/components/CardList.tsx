import type { ReactNode } from "react";

/** The id of the status line that follows a card list (`CardList`), which its filter fills. */
export function emptyIdOf(listId: string): string {
  return `${listId}-empty`;
}

/**
 * A list's cards as server HTML, followed by its status line: shown with the empty message when the
 * list has no items, hidden (and empty) otherwise until the list's filter has nothing to show.
 */
export function CardList({
  id,
  className,
  emptyMessage,
  cards,
}: {
  id: string;
  className: string;
  emptyMessage: string;
  cards: ReactNode[];
}) {
  const empty = cards.length === 0;
  return (
    <>
      {!empty && (
        <ul id={id} className={className}>
          {cards}
        </ul>
      )}
      <p id={emptyIdOf(id)} className="empty-message" role="status" hidden={!empty}>
        {empty ? emptyMessage : null}
      </p>
    </>
  );
}
