import { createContext, useContext, type ComponentProps, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { IslandRoot } from "../islands/IslandRoot.js";
import { islands, type IslandName } from "../islands/registry.js";

/** Collects, while a page renders, which islands it uses: the page then loads only their code. */
export const IslandCollector = createContext<IslandName[] | null>(null);

/**
 * Renders an interactive component to HTML inside a marker that the client hydrates. The island is
 * rendered as a root of its own, with an id prefix, so its `useId` values match those of
 * `hydrateRoot` on the client whatever page it sits in.
 */
export function Island<N extends IslandName>({ name, props }: { name: N; props: ComponentProps<(typeof islands)[N]> }) {
  const used = useContext(IslandCollector);
  if (!used) throw new Error("<Island> must be rendered inside an IslandCollector");
  const id = `island-${used.length}`;
  used.push(name);
  // One name, one component: TypeScript cannot see that the lookup keeps them paired.
  const Component = islands[name] as unknown as ComponentType<object>;
  const html = renderToString(
    <IslandRoot name={name}>
      <Component {...(props as object)} />
    </IslandRoot>,
    { identifierPrefix: `${id}-` },
  );
  return (
    <>
      <div className="island" data-island={name} id={id} dangerouslySetInnerHTML={{ __html: html }} />
      <script type="application/json" data-island-props={id} dangerouslySetInnerHTML={{ __html: serialiseProps(props) }} />
    </>
  );
}

/**
 * JSON that is safe inside a `<script>` element: `<`, `>` and `&` are escaped so that no text in the
 * content (`</script>`, `<!--`) can end the element early, and U+2028/9 so old parsers agree.
 */
export function serialiseProps(props: unknown): string {
  return JSON.stringify(props)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
