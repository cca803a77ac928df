import { createContext, useContext, type ComponentProps, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { IslandRoot } from "../islands/IslandRoot.js";
import { islands, type IslandName } from "../islands/registry.js";
import { jsonForScript } from "./escape.js";

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
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const page = useContext(IslandCollector);
  if (!page) throw new Error("<Island> must be rendered inside an IslandCollector");
  const id = `island-${page.islands.length}`;
  page.islands.push(name);
  // One name, one component: TypeScript cannot see that the lookup keeps them paired.
  const Component = islands[name] as unknown as ComponentType<object>;
  const html = takeResourceHints(
    renderToString(
      <IslandRoot name={name} words={props}>
        <Component {...(props as object)} />
      </IslandRoot>,
      { identifierPrefix: `${id}-` },
    ),
    page.hints,
  );
  return (
    <>
      <div className="island" data-island={name} id={id} dangerouslySetInnerHTML={{ __html: html }} />
      <script
        type="application/json"
        data-island-props={id}
        dangerouslySetInnerHTML={{ __html: jsonForScript(props) }}
      />
    </>
  );
}
