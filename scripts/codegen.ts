import { readCodegenArgs, runCodegen, type CodegenOutput } from '../codegen/cli';
import { runDatabaseTypes } from './database-types';

// `npm run codegen -- [--check | --watch] [--root <repo dir>]`: the console's files from the contract
// and the manifest (src/generated), then the database's types from the migrations (not watched).
const io: CodegenOutput = { out: (line) => console.log(line), err: (line) => console.error(line) };
const args = process.argv.slice(2);
process.exitCode = await runCodegen(args, io);
const options = process.exitCode === 0 ? readCodegenArgs(args, io) : null;
if (options && !options.watch) {
  process.exitCode = await runDatabaseTypes(options.rootDir, options.check, io);
}
