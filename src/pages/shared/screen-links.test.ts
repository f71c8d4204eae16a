import { describe, expect, it } from 'vitest';
import alert from '../../generated/resources/alert';
import { resourceOf } from '../../resources/descriptors';
import { alertSpan, filteredUrl, screenOf } from './screen-links';
import { levelOptions, statusOptions } from './alert-tags';

describe('links from the dashboard', () => {
  it('find the screens by the resource they show', () => {
    expect(screenOf('alert').resource).toBe('alert');
    expect(screenOf('camera').resource).toBe('camera');
  });

  it('put the filters in the query, leaving out empty ones', () => {
    const wall = screenOf('alert');
    expect(filteredUrl(wall, { level: 'high', label: '未戴安全帽', cameraId: undefined, area: '' })).toBe(
      `${wall.path}?level=high&label=%E6%9C%AA%E6%88%B4%E5%AE%89%E5%85%A8%E5%B8%BD`,
    );
    expect(filteredUrl(wall, {})).toBe(wall.path);
  });

  it('end a half-open span a millisecond early, as the wall’s `to` is inclusive', () => {
    expect(alertSpan('2030-01-03T10:00:00.000Z', '2030-01-03T11:00:00.000Z')).toEqual({
      from: '2030-01-03T10:00:00.000Z',
      to: '2030-01-03T10:59:59.999Z',
    });
  });
});

describe('the dashboard’s level and status labels', () => {
  it('are the manifest’s, as the alert wall shows them', () => {
    const optionsOf = (name: string) =>
      Object.fromEntries(
        (resourceOf(alert).fields.find((field) => field.name === name)?.options ?? []).map((option) => [
          option.value,
          { label: option.label, color: option.color },
        ]),
      );
    expect(levelOptions).toEqual(optionsOf('level'));
    expect(statusOptions).toEqual(optionsOf('status'));
  });
});
