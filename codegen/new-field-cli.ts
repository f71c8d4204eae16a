import { parseArgs } from 'node:util';
import { readFieldAddition } from './scaffold/field-addition';
import { SpecError } from './scaffold/field-specs';
import { writeField } from './scaffold/write-field';

// npm run new:field -- ParkingLot 'contact:string(32):search:联系人/Contact' [--after name]

const usage = `usage: npm run new:field -- <Schema> <field> [--after <field>] [--default VALUE]
  Schema: the item schema of a resource declaring x-resource in openapi.yaml, e.g. ParkingLot
  field: name:type:flags:中文/English, as npm run new:resource takes it
    type:  string(N) | text(N) | integer | number | boolean | date | datetime
           | enum(value=中文/English,...)
    flags: comma-separated, any of required, search, sort, unique (may be empty)
  --after     the field it follows (default: the last before createdAt)
  --default   a required field's value in the rows the table already holds (needed then)`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      after: { type: 'string' },
      default: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [schema, field, ...rest] = positionals;
  if (values.help || !schema || !field || rest.length > 0) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  try {
    const written = await writeField(process.cwd(), readFieldAddition({ ...values, schema, field }));
    console.log(`written: ${written.join(', ')}`);
    console.log('next: refine the property in openapi.yaml (pattern, range, examples), then npm run codegen');
    return 0;
  } catch (error) {
    if (error instanceof SpecError) {
      console.error(`new:field: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main();
