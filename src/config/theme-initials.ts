/** The theme a first visit starts in (`theme.initial`): light, dark, or the one the visitor's system is set to. */
export const themeInitials = ["light", "dark", "system"] as const;
export type ThemeInitial = (typeof themeInitials)[number];
