import { wallOf } from '../kernel/zoned-time';
import type { components } from '../../src/generated/openapi';
import type { Lang, LocalText } from '../kernel/locale';
import { labelledFields, type LabelledField } from './field-labels';
import type { Item } from './resource-definition';

/** One CSV column: its header and how an item's cell reads. */
export interface CsvColumn {
  readonly header: string;
  readonly cell: (item: Item) => unknown;
}

/** Who reads the file: the headers' and texts' language, and the zone its times are written in. */
export interface Reader {
  readonly lang: Lang;
  readonly timeZone: string;
}

type AlertBox = components['schemas']['AlertBox'];

const yes: LocalText = { zh: '是', en: 'Yes' };
const no: LocalText = { zh: '否', en: 'No' };

/**
 * The columns of a resource's export as its screens show it: the manifest's fields the item has, in
 * manifest order, headed by their labels in the reader's language, each value written as its widget
 * shows it. A resource the manifest does not list keeps the item's fields, headed by their names.
 */
export function exportColumns(schema: string, itemFields: readonly string[], reader: Reader): CsvColumn[] {
  const labelled = labelledFields(schema).filter((field) => itemFields.includes(field.name));
  if (labelled.length === 0) {
    return itemFields.map((field) => ({ header: field, cell: (item) => item[field] }));
  }
  const clock = zonedClock(reader.timeZone);
  return labelled.map((field) => ({
    header:
      field.widget === 'datetime'
        ? `${field.label[reader.lang]} (${reader.timeZone})`
        : field.label[reader.lang],
    cell: readable(field, reader, clock),
  }));
}

/** `2026-11-26 16:05:09`: an instant on the zone's clocks. */
export function zonedDateTime(iso: string, timeZone: string): string {
  return zonedClock(timeZone)(iso);
}

const quarterHourMs = 15 * 60_000;

/**
 * Writes instants on the zone's clocks. Asking Intl costs microseconds a time, which an export of
 * 100 000 rows with three times each would feel; zones change their offset only on quarter hours,
 * so the offset of each quarter hour is asked once (and asked again per time in one that holds a
 * change).
 */
function zonedClock(timeZone: string): (iso: string) => string {
  const offsets = new Map<number, number | null>();
  const offsetAt = (instant: number) => wallOf(instant, timeZone) - instant;
  return (iso) => {
    const instant = Date.parse(iso);
    if (!Number.isFinite(instant)) return iso;
    const quarter = Math.floor(instant / quarterHourMs);
    let offset = offsets.get(quarter);
    if (offset === undefined) {
      const start = quarter * quarterHourMs;
      const first = offsetAt(start);
      offset = first === offsetAt(start + quarterHourMs - 1) ? first : null;
      offsets.set(quarter, offset);
    }
    const wall = instant + (offset ?? offsetAt(instant));
    return new Date(wall).toISOString().slice(0, 19).replace('T', ' ');
  };
}

function readable(
  field: LabelledField,
  reader: Reader,
  clock: (iso: string) => string,
): (item: Item) => unknown {
  const { lang } = reader;
  const optionText = (value: unknown) => {
    const option = typeof value === 'string' ? field.options?.[value] : undefined;
    return option ? option[lang] : value;
  };
  const value = (item: Item) => item[field.name];
  switch (field.widget) {
    case 'datetime':
      return (item) => {
        const time = value(item);
        return typeof time === 'string' ? clock(time) : time;
      };
    case 'switch':
      return (item) => {
        const on = value(item);
        return typeof on === 'boolean' ? (on ? yes : no)[lang] : on;
      };
    case 'percent':
      return (item) => {
        const share = value(item);
        return typeof share === 'number' ? `${share}%` : share;
      };
    case 'ratio':
      return (item) => {
        const fraction = value(item);
        return typeof fraction === 'number' ? percent(fraction) : fraction;
      };
    case 'reference':
    case 'references':
      // The item carries the referenced items' labels beside their ids.
      return (item) => (field.referenceLabel === undefined ? value(item) : item[field.referenceLabel]);
    case 'boxes':
      return (item) => boxesText(value(item));
    default:
      return (item) => {
        const shown = value(item);
        return Array.isArray(shown) ? shown.map(optionText) : optionText(shown);
      };
  }
}

const percent = (fraction: number) => `${Number((fraction * 100).toFixed(1))}%`;

/**
 * Detection boxes as words: `未戴安全帽 91% (10%,20% 30%×40%)` per box (what, how sure, then the
 * box's left and top edges and its size as shares of the frame), boxes apart by `; `. The boxes
 * were checked against the contract's AlertBox when they came in.
 */
export function boxesText(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return (value as AlertBox[])
    .map(({ x, y, width, height, label, confidence }) => {
      const what = [label, confidence === undefined ? undefined : percent(confidence)];
      const where = `(${percent(x)},${percent(y)} ${percent(width)}×${percent(height)})`;
      return [...what, where].filter((part) => part !== undefined && part !== '').join(' ');
    })
    .join('; ');
}
