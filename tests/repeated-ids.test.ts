import { describe, expect, it } from "vitest";
import { repeatedIds } from "../src/render/repeated-ids.js";

describe("repeatedIds", () => {
  it("finds an id used twice in the page", () => {
    expect(repeatedIds('<h2 id="a"></h2><p id="b"></p><div id="a"></div>')).toEqual(["a"]);
  });

  it("counts a template's ids with the page it will be cloned into", () => {
    expect(repeatedIds('<h1 id="title"></h1><template data-dialog-item="/x"><h2 id="title"></h2></template>')).toEqual([
      "title",
    ]);
  });

  it("lets each of a list's dialog templates use the same id, since one is shown at a time", () => {
    const dialogs = ["/a", "/b", "/c"]
      .map((href) => `<template data-dialog-item="${href}"><h2 id="modal-title"></h2></template>`)
      .join("");
    expect(repeatedIds(`<main id="main">${dialogs}</main>`)).toEqual([]);
  });
});
