import { terminalAsker } from "./ask-on-terminal.js";
import { runCli } from "./main.js";

const io = {
  cwd: process.cwd(),
  env: process.env,
  log: (text: string) => console.log(text),
  warn: (text: string) => console.error(text),
  // A line that is rewritten in place only makes sense on a terminal.
  status: process.stderr.isTTY
    ? (text: string | undefined) => process.stderr.write(`\r\x1b[2K${text ?? ""}`)
    : undefined,
  // Questions (portfolio init) only when someone is at a terminal to answer them.
  ask: process.stdin.isTTY ? terminalAsker : undefined,
};

const code = await runCli(process.argv.slice(2), io);
// serve and dev keep the process alive; every other command ends here.
process.exitCode = code;
