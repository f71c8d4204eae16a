import { parseArgs } from 'node:util';
import { SpecError } from './scaffold/field-specs';
import { readResourceSpec } from './scaffold/resource-spec';
import { writeResource } from './scaffold/write-resource';

// npm run new:resource -- ParkingLot --title 停车场/Parking lots --route /door/parking \
//   --key KEY.ACCESS.PARKING 'name:string(64):required,search,sort:名称/Name' ...

const usage = `usage: npm run new:resource -- <Schema> --title 中文/English --route /group/name --key KEY.GROUP.NAME
         [--plural Schemas] [--singular "english noun"] <field> ...
  field: name:type:flags:中文/English
    type:  string(N) | text(N) | integer | number | boolean | date | datetime
           | enum(value=中文/English,...)
    flags: comma-separated, any of required, search, sort, unique (may be empty)`;

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      title: { type: 'string' },
      route: { type: 'string' },
      key: { type: 'string' },
      plural: { type: 'string' },
      singular: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [schema, ...fields] = positionals;
  if (values.help || !schema || !values.title || !values.route || !values.key) {
    console.error(usage);
    return values.help ? 0 : 2;
  }
  try {
    const spec = readResourceSpec({
      ...values,
      schema,
      title: values.title,
      route: values.route,
      key: values.key,
      fields,
    });
    const written = await writeResource(process.cwd(), spec);
    console.log(`written: ${written.join(', ')}`);
    console.log('next: refine the schema in openapi.yaml (patterns, ranges, examples), then npm run codegen');
    return 0;
  } catch (error) {
    if (error instanceof SpecError) {
      console.error(`new:resource: ${error.message}`);
      return 2;
    }
    throw error;
  }
}

process.exitCode = await main();
