import type { components } from '../../src/generated/openapi';
import { alertLevels } from '../db/alert-levels';
import { wallOf } from '../kernel/zoned-time';
import type { AlertLevel } from '../db/schema';
import type { Notice } from './notice';

type Weekday = components['schemas']['NotifyWeekday'];

/** What a rule matches alerts by, as stored (its empty lists match everything). */
export interface RuleFilter {
  readonly labels: readonly string[];
  readonly minLevel: AlertLevel;
  readonly sources: readonly string[];
  readonly cameraIds: readonly number[];
  readonly aiServerIds: readonly number[];
  readonly area: string;
  readonly days: readonly Weekday[];
  /** HH:MM; equal to toTime for the whole day, after it for a window over midnight. */
  readonly fromTime: string;
  readonly toTime: string;
}

const weekdays: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * Whether the site's clocks at `instant` lie in the rule's weekly window. A window over midnight
 * (22:00–06:00) belongs to the day it began: Friday's night runs into Saturday morning.
 */
export function inWindow(
  rule: Pick<RuleFilter, 'days' | 'fromTime' | 'toTime'>,
  instant: number,
  timeZone: string,
) {
  const wall = new Date(wallOf(instant, timeZone));
  const minute = wall.getUTCHours() * 60 + wall.getUTCMinutes();
  const from = minutesOf(rule.fromTime);
  const to = minutesOf(rule.toTime);
  const dayOf = (daysBack: number) => weekdays[(wall.getUTCDay() + 7 - daysBack) % 7] as Weekday;
  const onDay = (day: Weekday) => rule.days.length === 0 || rule.days.includes(day);
  if (from === to) return onDay(dayOf(0));
  if (from < to) return minute >= from && minute < to && onDay(dayOf(0));
  if (minute >= from) return onDay(dayOf(0));
  return minute < to && onDay(dayOf(1));
}

/** Whether one of a rule's labels names the alert: its label in either language, or its type. */
export const labelMatches = (label: string, notice: Notice) =>
  label === notice.label || label === notice.labelEn || label === notice.type;

/** Whether a rule matches an alert, its window read on the site's clocks at the alert's time. */
export function ruleMatches(rule: RuleFilter, notice: Notice, timeZone: string): boolean {
  const some = <T>(list: readonly T[], test: (item: T) => boolean) => list.length === 0 || list.some(test);
  return (
    alertLevels.indexOf(notice.level) >= alertLevels.indexOf(rule.minLevel) &&
    some(rule.labels, (label) => labelMatches(label, notice)) &&
    some(rule.sources, (source) => source === notice.source) &&
    some(rule.cameraIds, (id) => id === notice.cameraId) &&
    some(rule.aiServerIds, (id) => id === notice.aiServerId) &&
    (rule.area === '' || rule.area === notice.area) &&
    inWindow(rule, Date.parse(notice.occurredAt), timeZone)
  );
}
