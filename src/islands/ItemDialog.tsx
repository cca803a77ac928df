/**
 * A list's dialog island. It draws nothing of its own: its root holds the list's cards and each
 * item's dialog as templates, all server HTML (components/ItemDialogTemplates.tsx), and its browser
 * side is the plain module client/item-dialog.ts, which opens the clicked card's dialog from them.
 * So the lists load no React, and the island costs the visitor a few kilobytes, once they reach for it.
 */
export function ItemDialog(_props: Record<string, never>) {
  return null;
}
