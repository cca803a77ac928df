/// <reference lib="dom" />
import { ProjectDialog } from "../islands/ProjectDialog.js";
import { mountItemDialog } from "./item-dialog.js";

/** The projects list's dialog: React renders the dialog only, never the cards around it. */
export const hydrate = (root: HTMLElement): Promise<void> => mountItemDialog(root, "ProjectDialog", ProjectDialog);
