import { Button, Space } from 'antd';
import { useRef, useState, type PointerEvent } from 'react';
import type { LocalText } from '../../generated/settings';
import { useLocale } from '../../i18n';
import {
  daysPerWeek,
  isOn,
  paintRectangle,
  schedulePresets,
  scheduledHours,
  slotsPerDay,
  slotStart,
  type Cell,
  type WeekSchedule,
} from './schedule';
import { hoursText, taskTexts, weekdays } from './task-texts';

interface Drag {
  readonly anchor: Cell;
  readonly on: boolean;
  readonly preview: WeekSchedule;
}

const hourLabels = Array.from({ length: 12 }, (_, i) => i * 2);

/** The cell under a point of the screen, if it is one of this grid's. */
function cellAt(x: number, y: number): Cell | null {
  const element = document.elementFromPoint(x, y);
  if (!(element instanceof HTMLElement) || element.dataset.day === undefined) return null;
  return { day: Number(element.dataset.day), slot: Number(element.dataset.slot) };
}

/**
 * The weekly schedule as 7 days × 48 half-hour cells. Pressing on a cell and dragging paints the
 * rectangle up to the pointer: on when the first cell was off, off when it was on; it is applied
 * when the pointer is released. Presets set the whole week.
 */
export function ScheduleGrid(props: {
  value?: WeekSchedule;
  onChange?: (value: WeekSchedule) => void;
  id?: string;
}) {
  const { t } = useLocale();
  const value = props.value ?? schedulePresets.none;
  const [drag, setDrag] = useState<Drag | null>(null);
  const body = useRef<HTMLDivElement>(null);
  const shown = drag?.preview ?? value;
  const weekday = (day: number) => t(weekdays[day] as LocalText);

  function start(event: PointerEvent<HTMLDivElement>): void {
    const cell = cellAt(event.clientX, event.clientY);
    if (!cell || event.button !== 0) return;
    event.preventDefault();
    body.current?.setPointerCapture(event.pointerId);
    const on = !isOn(value, cell);
    setDrag({ anchor: cell, on, preview: paintRectangle(value, cell, cell, on) });
  }

  function move(event: PointerEvent<HTMLDivElement>): void {
    if (!drag) return;
    const cell = cellAt(event.clientX, event.clientY);
    if (cell) setDrag({ ...drag, preview: paintRectangle(value, drag.anchor, cell, drag.on) });
  }

  function finish(): void {
    if (!drag) return;
    setDrag(null);
    props.onChange?.(drag.preview);
  }

  return (
    <div className="cfop-schedule" id={props.id}>
      <Space wrap className="cfop-schedule-tools">
        <Button size="small" onClick={() => props.onChange?.(schedulePresets.allWeek)}>
          {t(taskTexts.presetAllWeek)}
        </Button>
        <Button size="small" onClick={() => props.onChange?.(schedulePresets.workingHours)}>
          {t(taskTexts.presetWorkingHours)}
        </Button>
        <Button size="small" onClick={() => props.onChange?.(schedulePresets.none)}>
          {t(taskTexts.presetNone)}
        </Button>
        <span className="cfop-schedule-total" data-testid="schedule-hours">
          {t(hoursText(scheduledHours(shown)))}
        </span>
      </Space>
      <div className="cfop-schedule-grid" role="grid" aria-label={t(taskTexts.schedule)}>
        <div className="cfop-schedule-hours" aria-hidden>
          <span />
          {hourLabels.map((hour) => (
            <span key={hour}>{hour}</span>
          ))}
        </div>
        <div
          ref={body}
          className="cfop-schedule-body"
          onPointerDown={start}
          onPointerMove={move}
          onPointerUp={finish}
          onPointerCancel={() => setDrag(null)}
        >
          {Array.from({ length: daysPerWeek }, (_, day) => (
            <div key={day} className="cfop-schedule-row" role="row">
              <span className="cfop-schedule-day" role="rowheader">
                {weekday(day)}
              </span>
              {Array.from({ length: slotsPerDay }, (_, slot) => {
                const on = isOn(shown, { day, slot });
                return (
                  <span
                    key={slot}
                    role="gridcell"
                    aria-selected={on}
                    data-day={day}
                    data-slot={slot}
                    className={on ? 'cfop-schedule-cell is-on' : 'cfop-schedule-cell'}
                    title={`${weekday(day)} ${slotStart(slot)}–${slotStart(slot + 1 === slotsPerDay ? 0 : slot + 1)}`}
                  />
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <div className="cfop-task-hint">{t(taskTexts.scheduleHint)}</div>
    </div>
  );
}
