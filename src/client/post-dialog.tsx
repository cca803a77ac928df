/// <reference lib="dom" />
import { PostDialog } from "../islands/PostDialog.js";
import { mountItemDialog } from "./item-dialog.js";

/** The blog list's dialog: React renders the dialog only, never the cards around it. */
export const hydrate = (root: HTMLElement): Promise<void> => mountItemDialog(root, "PostDialog", PostDialog);
