import { Button, Space } from 'antd';
import { useEffect, useEffectEvent, useRef, useState, type MouseEvent, type PointerEvent } from 'react';
import { useLocale } from '../../i18n';
import { movePoint, pointIn, removePoint, type RegionPoint } from './region';
import { pointsText, taskTexts } from './task-texts';

/** What the region is drawn over: a grabbed frame, or a blank 16:9 one when there is none. */
export type Frame =
  | { readonly kind: 'image'; readonly url: string; readonly width: number; readonly height: number }
  | { readonly kind: 'blank'; readonly note: string | null }
  | { readonly kind: 'loading' };

const blankSize = { width: 1600, height: 900 };

/**
 * Draws the detection region over the frame: a click adds a corner after the last one, a corner
 * can be dragged, and a double-click or right-click removes it. Coordinates are normalised to the
 * frame; the overlay's viewBox has the frame's own size, so corners stay round on any frame shape.
 */
export function RegionEditor(props: {
  value?: RegionPoint[];
  onChange?: (value: RegionPoint[]) => void;
  frame: Frame;
  onRegrab?: () => void;
  id?: string;
}) {
  const { t } = useLocale();
  const region = props.value ?? [];
  const { frame } = props;
  const svg = useRef<SVGSVGElement>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const justDragged = useRef(false);
  const size = frame.kind === 'image' ? frame : blankSize;
  const radius = size.width / 90;
  const change = (next: RegionPoint[]) => props.onChange?.(next);
  const at = (event: { clientX: number; clientY: number }) =>
    pointIn((svg.current as SVGSVGElement).getBoundingClientRect(), event.clientX, event.clientY);

  function add(event: MouseEvent<SVGSVGElement>): void {
    // The click that ends a drag is not a new corner.
    if (frame.kind === 'loading' || justDragged.current) {
      justDragged.current = false;
      return;
    }
    change([...region, at(event)]);
  }

  function grab(index: number, event: PointerEvent<SVGCircleElement>): void {
    if (event.button !== 0) return;
    event.stopPropagation();
    setDragged(index);
  }

  // While a corner is held, the whole window follows the pointer, so a fast drag is not lost.
  const follow = useEffectEvent((index: number, event: globalThis.PointerEvent) => {
    justDragged.current = true;
    change(movePoint(region, index, at(event)));
  });
  useEffect(() => {
    if (dragged === null) return;
    const move = (event: globalThis.PointerEvent) => follow(dragged, event);
    const release = () => setDragged(null);
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', release);
    window.addEventListener('pointercancel', release);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', release);
      window.removeEventListener('pointercancel', release);
    };
  }, [dragged]);

  function remove(index: number, event: MouseEvent<SVGCircleElement>): void {
    event.preventDefault();
    event.stopPropagation();
    change(removePoint(region, index));
  }

  const points = region.map((p) => `${p.x * size.width},${p.y * size.height}`).join(' ');
  return (
    <div className="cfop-region" id={props.id}>
      <div
        className={`cfop-region-frame is-${frame.kind}`}
        style={{ aspectRatio: `${size.width} / ${size.height}` }}
        data-testid="region-frame"
      >
        {frame.kind === 'image' && <img src={frame.url} alt={t(taskTexts.frameAlt)} draggable={false} />}
        {frame.kind === 'loading' && <div className="cfop-region-note">{t(taskTexts.grabbing)}</div>}
        {frame.kind === 'blank' && (
          <div className="cfop-region-note" role="status">
            <div>{t(taskTexts.noFrame)}</div>
            {frame.note && <div className="cfop-region-reason">{frame.note}</div>}
          </div>
        )}
        <svg
          ref={svg}
          viewBox={`0 0 ${size.width} ${size.height}`}
          preserveAspectRatio="none"
          onPointerDown={() => (justDragged.current = false)}
          onClick={add}
          aria-label={t(taskTexts.region)}
          data-testid="region-canvas"
        >
          {region.length >= 3 && <polygon points={points} className="cfop-region-area" />}
          {region.length === 2 && <polyline points={points} className="cfop-region-area" />}
          {region.map((point, index) => (
            <circle
              key={index}
              cx={point.x * size.width}
              cy={point.y * size.height}
              r={radius}
              className={index === dragged ? 'cfop-region-corner is-dragged' : 'cfop-region-corner'}
              data-testid="region-corner"
              onPointerDown={(event) => grab(index, event)}
              onClick={(event) => event.stopPropagation()}
              onDoubleClick={(event) => remove(index, event)}
              onContextMenu={(event) => remove(index, event)}
            />
          ))}
        </svg>
      </div>
      <Space wrap className="cfop-region-tools">
        <span className="cfop-task-hint">{t(taskTexts.regionHint)}</span>
        <span data-testid="region-count">{t(pointsText(region.length))}</span>
        <Button size="small" disabled={region.length === 0} onClick={() => change(region.slice(0, -1))}>
          {t(taskTexts.undoPoint)}
        </Button>
        <Button size="small" danger disabled={region.length === 0} onClick={() => change([])}>
          {t(taskTexts.clearRegion)}
        </Button>
        {props.onRegrab && frame.kind !== 'loading' && (
          <Button size="small" onClick={props.onRegrab}>
            {t(taskTexts.regrab)}
          </Button>
        )}
      </Space>
    </div>
  );
}
