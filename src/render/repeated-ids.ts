/**
 * Ids that repeat in the page as the browser will have it. A `<template>`'s content is not in the
 * page until a script clones it in (an item's dialog, one at a time), so each template counts with
 * the page around it but not with the other templates.
 */
export function repeatedIds(html: string): string[] {
  const templates = [...html.matchAll(/<template\b[^>]*>([\s\S]*?)<\/template>/g)].map((match) => match[1]!);
  const page = idsIn(html.replace(/<template\b[^>]*>[\s\S]*?<\/template>/g, ""));
  const repeated = new Set(repeatedIn(page));
  for (const template of templates) for (const id of repeatedIn([...page, ...idsIn(template)])) repeated.add(id);
  return [...repeated];
}

function idsIn(html: string): string[] {
  return [...html.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]!);
}

function repeatedIn(ids: string[]): string[] {
  const seen = new Set<string>();
  return ids.filter((id) => seen.has(id) || !seen.add(id));
}
