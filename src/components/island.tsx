import { createContext, useContext, type ComponentProps, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { IslandRoot, type IslandWords } from "../islands/IslandRoot.js";
import { islands, plainClients, type ComponentIslandName, type IslandName } from "../islands/registry.js";
import { jsonForScript } from "../escape.js";

/** What a page's render gathers for its `<head>`: the islands it uses, whose code it then loads, and resource hints. */
export interface PageCollector {
  islands: IslandName[];
  /** `<link rel="preload">` tags React emits for eager images, moved to the head where they belong. */
  hints: string[];
}

export const IslandCollector = createContext<PageCollector | null>(null);

/** Takes React's leading resource hints off rendered HTML so they can go into `<head>`. */
export function takeResourceHints(html: string, hints: string[]): string {
  const leading = html.match(/^(?:<link rel="preload"[^>]*\/>)+/)?.[0] ?? "";
  hints.push(...(leading.match(/<link[^>]*\/>/g) ?? []).map((tag) => tag.replace(/\/>$/, ">")));
  return html.slice(leading.length);
}

/**
 * Renders an interactive component to HTML inside a marker that the client hydrates. The island is
 * rendered as a root of its own, with an id prefix, so its `useId` values match those of
 * `hydrateRoot` on the client whatever page it sits in.
 *
 * `children` are server HTML inside the island's root that its client never renders: a list's cards,
 * whose clicks the island's listeners (and the island loader, before it is live) hear from the root.
 * The component's own HTML then goes into an empty slot after them (`data-island-slot`), which the
 * island's plain client (`plainClients` in registry.ts) may fill, as client/item-dialog.ts does.
 */
export function Island<N extends ComponentIslandName>({
  name,
  props,
  children,
}: {
  name: N;
  props: ComponentProps<(typeof islands)[N]>;
  children?: ReactNode;
}) {
  const page = useContext(IslandCollector);
  if (!page) throw new Error("<Island> must be rendered inside an IslandCollector");
  const id = `island-${page.islands.length}`;
  page.islands.push(name);
  // One name, one component: TypeScript cannot see that the lookup keeps them paired.
  const Component = islands[name] as unknown as ComponentType<object>;
  const component = <Component {...(props as object)} />;
  // React hydrates only the islands without a plain client, so only they need the tree its
  // `hydrateRoot` will rebuild (client/hydrate-islands.tsx).
  const tree = plainClients[name] ? (
    component
  ) : (
    <IslandRoot name={name} words={props as unknown as IslandWords}>
      {component}
    </IslandRoot>
  );
  const html = takeResourceHints(renderToString(tree, { identifierPrefix: `${id}-` }), page.hints);
  const propsScript = (
    <script type="application/json" data-island-props={id} dangerouslySetInnerHTML={{ __html: jsonForScript(props) }} />
  );
  if (children === undefined)
    return (
      <>
        <div className="island" data-island={name} id={id} dangerouslySetInnerHTML={{ __html: html }} />
        {propsScript}
      </>
    );
  return (
    <>
      <div className="island" data-island={name} id={id}>
        {children}
        <div className="island" data-island-slot="" dangerouslySetInnerHTML={{ __html: html }} />
      </div>
      {propsScript}
    </>
  );
}
