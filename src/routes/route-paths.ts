/** The search page's address, and the folder of the index it loads (pipeline/search-index.ts). */
export const searchPaths = { page: "search", index: "pagefind" } as const;
