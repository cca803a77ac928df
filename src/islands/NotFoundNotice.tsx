/**
 * The 404 page's notice as an island: it draws nothing of its own (the notice is server HTML
 * inside its root, screens/NotFoundScreen.tsx), and its browser side, the plain module
 * client/trailing-slash.ts, sends an address asked with a `/` at its end to the page without it.
 * It starts at idle, as it acts without the visitor, and only the 404 page loads it.
 */
export function NotFoundNotice(_props: Record<string, never>) {
  return null;
}
