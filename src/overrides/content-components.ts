/**
 * The owner's own components in content: a file `components/content/<Name>.tsx` exporting the
 * component and its `props` (each made with `field`, as the owner's fields are) is the directive
 * `::name{…}`, `:::name{…}` … `:::` or `:name[text]{…}`, its name in lower case. It joins the built-in
 * directives (content/directives.ts): checked with their messages, rendered on the server with React
 * like every override. Its HTML is the owner's code, trusted as the overrides are, so it is kept out of
 * the sanitiser's way; what a container holds is content, sanitised before the component sees it.
 * With `export const island = true` it is an island: marked like the engine's, its values as data.
 */
import { readdir } from "node:fs/promises";
import path from "node:path";
import { createElement, type ComponentType, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { OwnerFieldData } from "../config/define-config.js";
import { contentPropsSchema } from "../config/owner-fields-schema.js";
import type { DirectiveForm } from "../content/directive-syntax.js";
import { builtInDirectives, written, type DirectiveComponent } from "../content/directives.js";
import { describeThrown, portfolioError } from "../errors.js";
import { escapeAttribute } from "../escape.js";
import { contentIslandName } from "../islands/registry.js";
import { compileOwnerModule } from "./owner-module.js";

/** Where the owner's content components are, in the site. */
export const contentComponentsFolder = "components/content";

/** A file name that makes a directive's name: a letter, then letters and digits. */
const componentFile = /^[A-Za-z][A-Za-z0-9]*\.(?:tsx|jsx)$/;

/** A component of components/content/, loaded and checked. */
export interface ContentComponent {
  /** As messages name it: `components/content/Stat.tsx`. */
  file: string;
  /** The file's name: `Stat`. */
  name: string;
  component: ComponentType<never>;
  props: Record<string, OwnerFieldData>;
  island: boolean;
  /** The export the component is: its name, or `default`. */
  exportName?: string;
}

/** What the build knows of the owner's content components. */
export interface ContentComponents {
  /** The built-in directives and the owner's, by name. */
  directives: ReadonlyMap<string, DirectiveComponent>;
  /** The owner's islands by island name (`content-counter`): the file to bundle and its component's export. */
  islands: Record<string, { file: string; exportName: string }>;
  /** Of every file the components were compiled from: a changed one renders the content that uses them again. */
  digest: string;
}

/** `Stat.tsx` is `::stat`. */
export function directiveNameOf(file: string): string {
  return path.posix
    .basename(file)
    .replace(/\.[^.]+$/, "")
    .toLowerCase();
}

/** The component and props a file of components/content/ exports, or what it lacks. */
export function contentComponentOf(
  file: string,
  exports: Record<string, unknown>,
): Omit<ContentComponent, "file"> | { problem: string } {
  const name = path.posix.basename(file).replace(/\.[^.]+$/, "");
  const exportName = typeof exports[name] === "function" ? name : "default";
  const component = exports[exportName];
  if (typeof component !== "function")
    return {
      problem: `it exports no component ${name}: expected \`export function ${name}(props)\` or a default export`,
    };
  if (typeof exports.props !== "object" || exports.props === null)
    return {
      problem:
        'it exports no props: expected `export const props = { value: field.text() }`, each attribute made with field (import { field } from "portfolio-ssg"), or `export const props = {}`',
    };
  // Plain data, as the config's fields are checked.
  const plain = Object.fromEntries(
    Object.entries(exports.props).map(([key, value]) => [
      key,
      typeof value === "object" && value !== null ? { ...value } : value,
    ]),
  );
  const checked = contentPropsSchema.safeParse(plain);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    return { problem: `its props has ${issue.path.join(".")}: ${issue.message}` };
  }
  if (Object.hasOwn(checked.data, "children"))
    return { problem: "its props has children: a container's content comes as children, not as an attribute" };
  if (exports.island !== undefined && typeof exports.island !== "boolean")
    return { problem: "its island is not true or false: expected `export const island = true`" };
  return {
    name,
    component: component as ComponentType<never>,
    props: checked.data as Record<string, OwnerFieldData>,
    island: exports.island === true,
    exportName,
  };
}

const everyForm: readonly DirectiveForm[] = ["leaf", "container", "inline"];

/**
 * The owner's components as directives, beside the built-ins: a name the built-ins (or another of
 * the owner's files) have already is refused, naming both.
 */
export function contentDirectives(components: readonly ContentComponent[]): Map<string, DirectiveComponent> {
  const directives = new Map<string, DirectiveComponent>(builtInDirectives);
  const files = new Map<string, string>();
  for (const owner of components) {
    const name = directiveNameOf(owner.file);
    const builtIn = builtInDirectives.get(name);
    if (builtIn)
      throw portfolioError("ContentComponentInvalid", [
        owner.file,
        `it would be ${written(builtIn.form, name)}, the name of the built-in directive ${name}: give the file another name, such as My${owner.name}.tsx`,
      ]);
    const other = files.get(name);
    if (other)
      throw portfolioError("ContentComponentInvalid", [
        owner.file,
        `it would be ::${name}, as ${other} is: give one of them another name`,
      ]);
    files.set(name, owner.file);
    directives.set(name, contentDirective(owner));
  }
  return directives;
}

/** One of the owner's components as a directive: checked as a built-in is, rendered with React. */
function contentDirective(owner: ContentComponent): DirectiveComponent {
  const Component = owner.component as ComponentType<Record<string, unknown>>;
  const island = contentIslandName(directiveNameOf(owner.file));
  return {
    form: "leaf",
    forms: everyForm,
    props: owner.props,
    render: (values, inner, context) => {
      const tag = context.form === "inline" ? "span" : "div";
      // What it holds reaches it as an element of its own, the same on the server and when an island
      // hydrates (client/hydrate-content-island.tsx reads it back from the page).
      const children: ReactNode =
        context.form === "leaf"
          ? undefined
          : createElement(tag, {
              "data-content-children": "",
              dangerouslySetInnerHTML: { __html: context.sanitise(inner) },
            });
      const element = createElement(Component, { ...values, children });
      const id = owner.island ? context.nextId("content") : undefined;
      let html: string;
      try {
        html = renderToString(element, id ? { identifierPrefix: `${id}-` } : {});
      } catch (cause) {
        return { problem: `failed: ${owner.file} threw while rendering: ${describeThrown(cause)}` };
      }
      if (!id) return context.slot(html);
      return context.slot(
        `<${tag} class="island" data-island="${island}" id="${id}" data-island-props="${escapeAttribute(JSON.stringify(values))}">${html}</${tag}>`,
      );
    },
  };
}

/**
 * Every file of components/content/, compiled and checked; none when the folder is not there. A file
 * of another kind there (a helper module, a stylesheet) is the components' to import, not a directive.
 */
export async function loadContentComponents(
  root: string,
): Promise<{ components: ContentComponent[]; inputs: string[]; css: string[] }> {
  const names = await readdir(path.join(root, ...contentComponentsFolder.split("/"))).catch(() => [] as string[]);
  const components: ContentComponent[] = [];
  const inputs: string[] = [];
  const css: string[] = [];
  for (const name of names.filter((entry) => /\.(?:tsx|jsx)$/.test(entry)).sort()) {
    const file = `${contentComponentsFolder}/${name}`;
    if (!componentFile.test(name))
      throw portfolioError("ContentComponentInvalid", [
        file,
        "its name is not a directive's: expected letters and digits, starting with a letter, such as Stat.tsx (::stat)",
      ]);
    const compiled = await compileOwnerModule(root, file, (where, reason, cause) =>
      portfolioError("ContentComponentInvalid", [where, reason], { cause }),
    );
    const found = contentComponentOf(file, compiled.exports);
    if ("problem" in found) throw portfolioError("ContentComponentInvalid", [file, found.problem]);
    components.push({ file, ...found });
    inputs.push(...compiled.inputs);
    css.push(...compiled.css);
  }
  return { components, inputs, css };
}
