import { describe, expect, it } from 'vitest';
import type { Alert } from '../../../alerts-live/live-alert-store';
import { testAlert as alert } from '../../../alerts-live/test-alert';
import { loadedText } from './alert-texts';
import { appendPage, emptyWall, matchesFilters, mergeBatch, showIncoming } from './wall-state';

const ids = (alerts: readonly Alert[]) => alerts.map((one) => one.id);

describe('matchesFilters', () => {
  it('checks each filter as the list operation does', () => {
    const one = alert(5, { label: '未戴安全帽', area: '一号园区', level: 'high', cameraId: 3 });
    expect(matchesFilters(one, {})).toBe(true);
    expect(matchesFilters(one, { level: 'high', status: 'pending', cameraId: '3' })).toBe(true);
    expect(matchesFilters(one, { level: 'low' })).toBe(false);
    expect(matchesFilters(one, { source: 'ai' })).toBe(true);
    expect(matchesFilters(one, { source: 'device' })).toBe(false);
    expect(matchesFilters(one, { cameraId: '4' })).toBe(false);
    expect(matchesFilters(one, { label: '安全帽', area: '一号' })).toBe(true);
    expect(matchesFilters(one, { label: '吸烟' })).toBe(false);
    expect(matchesFilters(one, { from: one.occurredAt, to: one.occurredAt })).toBe(true);
    expect(matchesFilters(one, { from: '2030-01-01T08:00:06.000Z' })).toBe(false);
    expect(matchesFilters(one, { to: '2030-01-01T08:00:04.000Z' })).toBe(false);
  });

  it('finds a text case aside, as the server’s contains filter does', () => {
    const one = alert(6, { label: 'No Helmet', area: 'Gate B' });
    expect(matchesFilters(one, { label: 'helmet' })).toBe(true);
    expect(matchesFilters(one, { label: 'NO HEL', area: 'gate b' })).toBe(true);
    expect(matchesFilters(one, { label: 'vest' })).toBe(false);
  });
});

describe('mergeBatch', () => {
  const shown = appendPage(emptyWall, [alert(3), alert(2), alert(1)], { total: 3, totalCapped: false });

  it('puts new alerts that match on top, newest first, and counts them', () => {
    const next = mergeBatch(
      shown,
      [alert(4), alert(6, { level: 'low' }), alert(5)],
      { level: 'high' },
      false,
    );
    expect(ids(next.items)).toEqual([5, 4, 3, 2, 1]);
    expect(next.total).toBe(5);
    expect(next.incoming).toEqual([]);
  });

  it('holds new alerts while asked to, and shows them on request', () => {
    const held = mergeBatch(shown, [alert(4), alert(5)], {}, true);
    expect(held.items).toBe(shown.items);
    expect(ids(held.incoming)).toEqual([5, 4]);
    const more = mergeBatch(held, [alert(6)], {}, true);
    expect(ids(more.incoming)).toEqual([6, 5, 4]);
    expect(ids(showIncoming(more).items)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it('takes a newer state of a shown or held alert in place, never an older one', () => {
    const held = mergeBatch(shown, [alert(4)], {}, true);
    const handled = mergeBatch(
      held,
      [alert(2, { status: 'dismissed', revision: 10 }), alert(4, { status: 'confirmed', revision: 11 })],
      {},
      true,
    );
    expect(handled.items.map((one) => one.status)).toEqual(['pending', 'dismissed', 'pending']);
    expect(handled.incoming.map((one) => one.status)).toEqual(['confirmed']);
    const stale = mergeBatch(handled, [alert(2, { status: 'pending', revision: 2 })], {}, false);
    expect(stale.items).toBe(handled.items);
  });

  it('takes no handled alert it does not show for a new one', () => {
    const next = mergeBatch(shown, [alert(0, { status: 'confirmed', revision: 12 })], {}, false);
    expect(next).toEqual(shown);
  });

  it('keeps a capped total capped as live alerts come in, and says so', () => {
    const many = appendPage(emptyWall, [alert(3)], { total: 10_000, totalCapped: true });
    const next = mergeBatch(many, [alert(4)], {}, false);
    expect(next).toMatchObject({ total: 10_001, totalCapped: true });
    expect(loadedText(next.items.length, next)).toEqual({
      zh: '共 10,001+ 条，已加载 2 条',
      en: '10,001+ in total, 2 loaded',
    });
    expect(loadedText(3, shown)).toEqual({ zh: '共 3 条，已加载 3 条', en: '3 in total, 3 loaded' });
  });

  it('skips a page’s alerts the wall already shows (live ones that came first)', () => {
    const live = mergeBatch(shown, [alert(9)], {}, false);
    expect(ids(appendPage(live, [alert(9), alert(0)], { total: 5, totalCapped: false }).items)).toEqual([
      9, 3, 2, 1, 0,
    ]);
  });
});
