import { runCodegen } from './cli';

// `npm run codegen -- [--check | --watch] [--root <repo dir>]`
process.exitCode = await runCodegen(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
});
