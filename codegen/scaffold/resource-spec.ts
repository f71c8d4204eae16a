import { parseFieldSpecs, parseLabel, SpecError, type FieldSpec, type LocalText } from './field-specs';

/** Everything `npm run new:resource` writes follows from this, read from its command line. */
export interface ResourceSpec {
  /** components.schemas name of one item: `ParkingLot`. */
  readonly schema: string;
  /** For operationIds and the table: `ParkingLots`. */
  readonly plural: string;
  /** The manifest's resource name: `parkinglot`. */
  readonly name: string;
  readonly title: LocalText;
  /** The English noun for one item, in summaries: `parking lot`. */
  readonly singular: string;
  /** The screen's route, under an existing menu group: `/door/parking`. */
  readonly route: string;
  readonly key: string;
  readonly fields: readonly FieldSpec[];
}

export interface ResourceArguments {
  readonly schema: string;
  readonly title: string;
  readonly route: string;
  readonly key: string;
  readonly plural?: string;
  readonly singular?: string;
  readonly fields: readonly string[];
}

const schemaPattern = /^[A-Z][A-Za-z0-9]*$/;
const routePattern = /^(\/[a-z][a-z0-9-]*){2,}$/;
const keyPattern = /^KEY(\.[A-Z][A-Z0-9_]*){2,}$/;

export function readResourceSpec(args: ResourceArguments): ResourceSpec {
  if (!schemaPattern.test(args.schema))
    throw new SpecError(`the schema name "${args.schema}" must be PascalCase, e.g. ParkingLot`);
  const plural = args.plural ?? `${args.schema}s`;
  if (!schemaPattern.test(plural))
    throw new SpecError(`--plural "${plural}" must be PascalCase, e.g. ParkingLots`);
  if (!routePattern.test(args.route))
    throw new SpecError(`--route "${args.route}" must sit under a menu group, e.g. /door/parking`);
  if (!keyPattern.test(args.key))
    throw new SpecError(`--key "${args.key}" must sit under a group's key, e.g. KEY.ACCESS.PARKING`);
  const title = parseLabel(args.title, '--title');
  return {
    schema: args.schema,
    plural,
    name: args.schema.toLowerCase(),
    title,
    singular: args.singular ?? title.en.toLowerCase().replace(/s$/, ''),
    route: args.route,
    key: args.key,
    fields: parseFieldSpecs(args.fields),
  };
}

/** `ParkingLots` → `parking_lots`; `openedOn` → `opened_on`. */
export function snakeCase(name: string): string {
  return name.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase();
}

/** `ParkingLots` → `parking-lots`. */
export function kebabCase(name: string): string {
  return snakeCase(name).replaceAll('_', '-');
}

/** `ParkingLot` + `status` → `ParkingLotStatus`, the enum's own schema. */
export function enumSchemaName(spec: Pick<ResourceSpec, 'schema'>, field: FieldSpec): string {
  return `${spec.schema}${field.name[0]?.toUpperCase() ?? ''}${field.name.slice(1)}`;
}

/** The parent of a key or route: its last segment off. */
export function parentOf(path: string, separator: '.' | '/'): string {
  return path.slice(0, path.lastIndexOf(separator));
}
