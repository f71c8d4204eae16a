import { describe, expect, it } from 'vitest';
import { isOn, paintRectangle, schedulePresets, scheduledHours, slotStart } from './schedule';

describe('week schedule', () => {
  it('has presets for the whole week, working hours and nothing', () => {
    expect(scheduledHours(schedulePresets.allWeek)).toBe(168);
    expect(scheduledHours(schedulePresets.workingHours)).toBe(45);
    expect(scheduledHours(schedulePresets.none)).toBe(0);
    expect(isOn(schedulePresets.workingHours, { day: 0, slot: 17 })).toBe(false);
    expect(isOn(schedulePresets.workingHours, { day: 0, slot: 18 })).toBe(true);
    expect(isOn(schedulePresets.workingHours, { day: 4, slot: 35 })).toBe(true);
    expect(isOn(schedulePresets.workingHours, { day: 4, slot: 36 })).toBe(false);
    expect(isOn(schedulePresets.workingHours, { day: 5, slot: 20 })).toBe(false);
  });

  it('paints and clears the rectangle between two cells, whichever corner comes first', () => {
    const painted = paintRectangle(schedulePresets.none, { day: 2, slot: 10 }, { day: 1, slot: 8 }, true);
    expect(scheduledHours(painted)).toBe(3);
    expect(painted[1]?.slice(8, 11)).toBe('111');
    expect(painted[2]?.slice(8, 11)).toBe('111');
    expect(painted[0]).toBe('0'.repeat(48));
    const cleared = paintRectangle(schedulePresets.allWeek, { day: 6, slot: 47 }, { day: 6, slot: 0 }, false);
    expect(cleared[6]).toBe('0'.repeat(48));
    expect(scheduledHours(cleared)).toBe(144);
  });

  it('names when a slot starts', () => {
    expect([slotStart(0), slotStart(19), slotStart(47)]).toEqual(['00:00', '09:30', '23:30']);
  });
});
