import type { Asker } from "../init/init-answers.js";

/** What a command may do with the world: its folder, environment, output and (for init) questions. */
export interface CommandIo {
  cwd: string;
  env: Record<string, string | undefined>;
  log: (text: string) => void;
  warn: (text: string) => void;
  /** Replaces the one transient status line (undefined erases it); absent when output is not a terminal. */
  status?: ((text: string | undefined) => void) | undefined;
  /** Asks the owner a question; present only when input comes from a terminal (`portfolio init`). */
  ask?: Asker | undefined;
}
