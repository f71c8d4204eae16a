import { parseFieldSpec, parseLabel, SpecError, type FieldSpec, type LocalText } from './field-specs';

/** What `npm run new:action` adds, read from its command line. */
export interface ActionSpec {
  /** components.schemas name of the resource's item: `Vehicle`. */
  readonly schema: string;
  /** The action's name in the manifest, lowerCamelCase: `block`. */
  readonly action: string;
  /** The button's text. */
  readonly label: LocalText;
  /** The question asked before it runs, when it changes something hard to undo. */
  readonly confirm?: LocalText;
  /** The form's fields, the request body's properties; none: the action takes no body. */
  readonly fields: readonly FieldSpec[];
  /** The server folder its handler file goes in (`door`); by default the one defining the resource. */
  readonly room?: string;
}

export interface ActionArguments {
  readonly schema: string;
  readonly action: string;
  readonly label?: string;
  readonly confirm?: string;
  readonly field?: readonly string[];
  readonly room?: string;
}

const schemaPattern = /^[A-Z][A-Za-z0-9]*$/;
const actionPattern = /^[a-z][A-Za-z0-9]*$/;
const roomPattern = /^[a-z][a-z0-9-]*(?:\/[a-z][a-z0-9-]*)*$/;

/** The operation of the action: `block` on `Vehicle` → `blockVehicle`. */
export const actionOperationId = (spec: Pick<ActionSpec, 'schema' | 'action'>): string =>
  `${spec.action}${spec.schema}`;

export function readActionSpec(args: ActionArguments): ActionSpec {
  if (!schemaPattern.test(args.schema))
    throw new SpecError(`the schema name "${args.schema}" must be PascalCase, e.g. ParkingLot`);
  if (!actionPattern.test(args.action))
    throw new SpecError(`the action "${args.action}" must be lowerCamelCase, e.g. block or checkIn`);
  if (args.label === undefined) throw new SpecError('give the button its text: --label 中文/English');
  if (args.room !== undefined && !roomPattern.test(args.room))
    throw new SpecError(`--room ${args.room}: name a folder of server/, e.g. door`);
  const fields = (args.field ?? []).map(parseFieldSpec);
  const repeated = fields.find(
    (field, index) => fields.findIndex((other) => other.name === field.name) !== index,
  );
  if (repeated) throw new SpecError(`the field ${repeated.name} is given twice`);
  const listFlag = fields.flatMap((field) => [...field.flags].filter((flag) => flag !== 'required'))[0];
  if (listFlag !== undefined)
    throw new SpecError(`--field: an action's form takes only the flag required, not ${listFlag}`);
  return {
    schema: args.schema,
    action: args.action,
    label: parseLabel(args.label, '--label'),
    ...(args.confirm === undefined ? {} : { confirm: parseLabel(args.confirm, '--confirm') }),
    fields,
    ...(args.room === undefined ? {} : { room: args.room }),
  };
}
