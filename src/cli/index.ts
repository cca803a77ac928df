import { runCli } from "./main.js";

const io = {
  cwd: process.cwd(),
  env: process.env,
  log: (text: string) => console.log(text),
  warn: (text: string) => console.error(text),
};

const code = await runCli(process.argv.slice(2), io);
// serve keeps the process alive; every other command ends here.
if (code !== 0 || !process.argv.slice(2).includes("serve")) process.exitCode = code;
