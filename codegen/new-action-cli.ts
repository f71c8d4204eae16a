import { parseArgs } from 'node:util';
import { runCodegen } from './cli';
import { readActionSpec } from './scaffold/action-spec';
import { SpecError } from './scaffold/field-specs';
import { writeAction } from './scaffold/write-action';

// npm run new:action -- Vehicle block --label 拉黑/Block [--field 'reason:string(200):required:原因/Reason']

const usage = `usage: npm run new:action -- <Schema> <action> --label 中文/English [--field SPEC]... [--confirm 中文/English] [--room <folder>]
  Schema: the item schema of a resource of the manifest, e.g. Vehicle
  action: the row action's name, lowerCamelCase, e.g. block; its operation is blockVehicle at
          POST <the item's path>/block, under the resource's access key
  --label    the button's text
  --field    a field of the action's form, a property of its request body:
             name:type:flags:中文/English as npm run new:field takes it; the only flag is required.
             Repeat it for more; without one the action takes no body
  --confirm  the question asked before it runs
  --room     the folder of server/ its handler file goes in (default: the one defining the resource)`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      label: { type: 'string' },
      field: { type: 'string', multiple: true },
      confirm: { type: 'string' },
      room: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [schema, action, ...rest] = positionals;
  if (values.help || !schema || !action || rest.length > 0) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  try {
    const written = await writeAction(process.cwd(), readActionSpec({ ...values, schema, action }));
    console.log(`written: ${written.join(', ')}`);
  } catch (error) {
    if (error instanceof SpecError) {
      console.error(`new:action: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const code = await runCodegen([], { out: console.log, err: console.error });
  if (code === 0)
    console.log('next: write what the action does in the handler file, in its transaction, and test it');
  return code;
}

process.exitCode = await main();
