import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type * as React from "react";
import type { ComponentType } from "react";
import type { SiteComponents } from "../components/site-components.js";
import { builtInDirectives } from "../content/directives.js";
import { describeThrown, portfolioError } from "../errors.js";
import { hashOf } from "../cache/build-cache.js";
import { contentIslandName } from "../islands/registry.js";
import {
  contentDirectives,
  directiveNameOf,
  loadContentComponents,
  type ContentComponents,
} from "./content-components.js";
import { compileOwnerModule } from "./owner-module.js";
import { type Overridable, overridable } from "./overridable.js";

/** The owner's components of a site, ready to render, and what they were made from. */
export interface SiteOverrides {
  /** Each override by the name of the component it replaces. */
  components: Partial<SiteComponents>;
  /** The CSS the overrides import, in the order of the overridable list, added after the engine's stylesheet. */
  css: string;
  /** Every file the overrides were compiled from, with its digest: an input of the build. */
  inputs: Array<{ file: string; digest: string }>;
  /** One digest of all the inputs. */
  digest: string;
  /** The components content may use as directives (components/content/), and those of them that are islands. */
  content: ContentComponents;
}

const none: SiteOverrides = {
  components: {},
  css: "",
  inputs: [],
  digest: "",
  content: { directives: builtInDirectives, islands: {}, digest: "" },
};

/**
 * The site's own components (`components/ProjectCard.tsx`, `screens/AboutScreen.tsx`), each in
 * place of the engine's of the same name. Each is the owner's code, like the config: compiled by
 * esbuild with what it imports, and run at build time, never sent to the browser (no component an
 * owner may replace is part of an island). React and `portfolio-ssg/components` are the running
 * engine's own, so an override renders in the same tree as the defaults it wraps (owner-module.ts).
 * With them, the components content uses as directives (components/content/: content-components.ts),
 * the only ones of the owner's that may also be islands.
 */
export async function loadOverrides(root: string): Promise<SiteOverrides> {
  const present = overridable.filter((row) => existsSync(path.join(root, ...row.file.split("/"))));
  const content = await loadContentComponents(root);
  if (present.length === 0 && content.components.length === 0) return none;
  const components: Partial<Record<keyof SiteComponents, unknown>> = {};
  const css: string[] = [];
  const inputs = new Set<string>(content.inputs);
  for (const row of present) {
    const compiled = await compileOwnerModule(root, row.file, (where, reason, cause) =>
      portfolioError("OverrideInvalid", [where, reason], { cause }),
    );
    for (const input of compiled.inputs) inputs.add(input);
    css.push(...compiled.css);
    components[row.name] = attributed(row, componentOf(row, compiled.exports));
  }
  css.push(...content.css);
  const digested = await Promise.all(
    [...inputs].sort().map(async (file) => ({ file, digest: hashOf(await readFile(file)) })),
  );
  const contentInputs = new Set(content.inputs);
  return {
    // Each was checked to be a component; its props are the owner's to get right, as TypeScript tells them.
    components: components as Partial<SiteComponents>,
    css: css.join("\n"),
    inputs: digested,
    digest: hashOf(...digested.flatMap(({ file, digest }) => [file, digest])),
    content: {
      directives: contentDirectives(content.components),
      islands: Object.fromEntries(
        content.components
          .filter((component) => component.island)
          .map((component) => [
            contentIslandName(directiveNameOf(component.file)),
            { file: path.join(root, ...component.file.split("/")), exportName: component.exportName ?? "default" },
          ]),
      ),
      digest: hashOf(
        ...digested.filter(({ file }) => contentInputs.has(file)).flatMap(({ file, digest }) => [file, digest]),
      ),
    },
  };
}

/** The component an override exports: as the name it replaces, or as its default export. */
function componentOf(row: Overridable, exports: Record<string, unknown>): ComponentType<never> {
  const component = exports[row.name] ?? exports.default;
  if (typeof component !== "function")
    throw portfolioError("OverrideInvalid", [
      row.file,
      `it exports no component ${row.name}: expected \`export function ${row.name}(props)\` or a default export`,
    ]);
  return component as ComponentType<never>;
}

/**
 * What an owner's component threw while rendering, with the file it came from: render-pages.ts
 * adds the page's route and reports it as the owner's error, not the engine's.
 */
export class OverrideThrew extends Error {
  constructor(
    readonly file: string,
    override readonly cause: unknown,
  ) {
    super(`${file} threw while rendering: ${describeThrown(cause)}`);
  }
}

/** The override, with what it throws while rendering marked as the owner's file's. */
function attributed(row: Overridable, component: ComponentType<never>): ComponentType<never> {
  const render = component as (props: object) => React.ReactNode;
  const isClass = Boolean((component as { prototype?: { isReactComponent?: unknown } }).prototype?.isReactComponent);
  if (isClass) return component;
  // biome-ignore lint/correctness/noComponentHookFactories: made once per build for each override, not on each render.
  const Attributed = (props: object) => {
    try {
      return render(props);
    } catch (cause) {
      if (cause instanceof OverrideThrew) throw cause;
      throw new OverrideThrew(row.file, cause);
    }
  };
  Attributed.displayName = row.name;
  return Attributed as ComponentType<never>;
}
