import type { components } from '../../generated/openapi';

/** openapi.yaml's WeekSchedule: seven days, Monday first, each a string of '0'/'1' slots. */
export type WeekSchedule = components['schemas']['WeekSchedule'];

/** WeekSchedule's day pattern: 48 half-hour slots from 00:00. */
export const slotsPerDay = 48;
export const daysPerWeek = 7;

export interface Cell {
  readonly day: number;
  readonly slot: number;
}

const day = (on: (slot: number) => boolean) =>
  Array.from({ length: slotsPerDay }, (_, slot) => (on(slot) ? '1' : '0')).join('');

const week = (on: (dayIndex: number, slot: number) => boolean): WeekSchedule =>
  Array.from({ length: daysPerWeek }, (_, dayIndex) => day((slot) => on(dayIndex, slot)));

export const schedulePresets = {
  allWeek: week(() => true),
  /** Monday to Friday, 09:00–18:00. */
  workingHours: week((dayIndex, slot) => dayIndex < 5 && slot >= 18 && slot < 36),
  none: week(() => false),
} as const;

export function isOn(schedule: WeekSchedule, cell: Cell): boolean {
  return schedule[cell.day]?.[cell.slot] === '1';
}

/** The rectangle of days and slots between two cells (either corner first) set on or off. */
export function paintRectangle(schedule: WeekSchedule, from: Cell, to: Cell, on: boolean): WeekSchedule {
  const [firstDay, lastDay] = [Math.min(from.day, to.day), Math.max(from.day, to.day)];
  const [firstSlot, lastSlot] = [Math.min(from.slot, to.slot), Math.max(from.slot, to.slot)];
  return week((dayIndex, slot) =>
    dayIndex >= firstDay && dayIndex <= lastDay && slot >= firstSlot && slot <= lastSlot
      ? on
      : isOn(schedule, { day: dayIndex, slot }),
  );
}

/** Hours a week the schedule covers. */
export function scheduledHours(schedule: WeekSchedule): number {
  return (
    schedule
      .join('')
      .split('')
      .filter((slot) => slot === '1').length / 2
  );
}

/** `09:30`: when a slot starts. */
export function slotStart(slot: number): string {
  const minutes = slot * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
}
