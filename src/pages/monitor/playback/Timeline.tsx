import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { dateTimeFormat, useLocale } from '../../../i18n';
import {
  alertMarks,
  spanBars,
  ticksOf,
  timeAtX,
  xOf,
  type AlertMark,
  type DayBounds,
  type Span,
} from '../../../media/timeline';
import { playbackTexts as texts } from './playback-texts';

const keyStepMs = 60_000;
const pageStepMs = 10 * 60_000;
const edgeLabelPx = 20;

/**
 * The day's timeline, or the stretch of it `view` zooms to: recorded spans as bars, alerts as
 * markers in their level's colour, the time playing as a cursor. A click or a drag plays from where
 * it is let go; a marker jumps to its alert. Arrow keys move a minute, Page Up / Down ten.
 */
export function Timeline(props: {
  readonly day: DayBounds;
  readonly view: DayBounds;
  readonly spans: readonly Span[];
  readonly alerts: readonly AlertMark[];
  readonly current: number | null;
  onSeek(time: number): void;
  onAlert(alert: AlertMark): void;
}) {
  const { t, locale } = useLocale();
  const track = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [dragged, setDragged] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = track.current;
    if (!element) return;
    setWidth(element.clientWidth);
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const clock = (time: number) =>
    dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(
      time,
    );
  const hourMinute = (time: number) =>
    dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hour12: false }).format(time);
  const timeAt = (event: PointerEvent) => {
    const box = event.currentTarget.getBoundingClientRect();
    return timeAtX(event.clientX - box.left, props.view, box.width);
  };
  const shown = dragged ?? props.current;
  const move = (event: KeyboardEvent) => {
    const step = { ArrowLeft: -keyStepMs, ArrowRight: keyStepMs, PageDown: -pageStepMs, PageUp: pageStepMs }[
      event.key
    ];
    if (step === undefined) return;
    event.preventDefault();
    const from = props.current ?? props.day.from;
    props.onSeek(Math.min(props.day.to, Math.max(props.day.from, from + step)));
  };

  return (
    <div className="cfop-timeline">
      <div
        ref={track}
        className="cfop-timeline-track"
        onPointerDown={(event) => {
          if (event.button !== 0) return;
          event.currentTarget.setPointerCapture(event.pointerId);
          setDragged(timeAt(event));
        }}
        onPointerMove={(event) => {
          if (dragged !== null) setDragged(timeAt(event));
        }}
        onPointerUp={(event) => {
          if (dragged === null) return;
          setDragged(null);
          props.onSeek(timeAt(event));
        }}
        onPointerCancel={() => setDragged(null)}
      >
        {/* The slider holds no buttons (its children are presentational): the alert marks lie beside it. */}
        <div
          className="cfop-timeline-slider"
          role="slider"
          tabIndex={0}
          aria-label={t(texts.timeline)}
          aria-valuemin={props.day.from}
          aria-valuemax={props.day.to}
          aria-valuenow={shown ?? props.day.from}
          aria-valuetext={shown === null ? '' : clock(shown)}
          onKeyDown={move}
        >
          {spanBars(props.spans, props.view, width).map((bar) => (
            <div
              key={bar.left}
              className="cfop-timeline-span"
              style={{ left: bar.left, width: bar.width }}
              title={t(texts.recorded)}
            />
          ))}
          {shown !== null && shown >= props.view.from && shown <= props.view.to && (
            <div className="cfop-timeline-cursor" style={{ left: xOf(shown, props.view, width) }}>
              <span className="cfop-timeline-cursor-time">{clock(shown)}</span>
            </div>
          )}
        </div>
        {alertMarks(props.alerts, props.view, width).map(({ alert, x }) => (
          <button
            key={alert.id}
            type="button"
            className={`cfop-timeline-alert cfop-timeline-alert-${alert.level}`}
            style={{ left: x }}
            title={`${clock(Date.parse(alert.occurredAt))} ${alert.label}`}
            aria-label={`${t(texts.alerts)} ${clock(Date.parse(alert.occurredAt))} ${alert.label}`}
            data-alert-id={alert.id}
            onPointerDown={(event) => event.stopPropagation()}
            onClick={() => props.onAlert(alert)}
          />
        ))}
      </div>
      <div className="cfop-timeline-hours" aria-hidden>
        {ticksOf(props.view).map((tick) => {
          const x = xOf(tick, props.view, width);
          // A label at either end stays inside the track.
          const edge = x < edgeLabelPx ? 'start' : x > width - edgeLabelPx ? 'end' : 'middle';
          return (
            <span key={tick} className={`cfop-timeline-tick-${edge}`} style={{ left: x }}>
              {hourMinute(tick)}
            </span>
          );
        })}
      </div>
    </div>
  );
}
