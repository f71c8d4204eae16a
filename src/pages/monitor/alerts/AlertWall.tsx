import IconContext from '@ant-design/icons/es/components/Context';
import { Button, Empty, Spin } from 'antd';
import { useContext, useEffect, useLayoutEffect, useMemo, useRef, type CSSProperties } from 'react';
import { useLocale } from '../../../i18n';
import { useScrollView, visibleRows } from '../../shared/use-virtual-rows';
import { AlertCard } from './AlertCard';
import { alertTexts, newAlertsText } from './alert-texts';
import type { Alert } from '../../../alerts-live/live-alert-store';

/** A card's height plus the gap below it; cards are as wide as the row allows, at least this. */
const rowHeight = 262;
const minCardWidth = 240;
const gap = 12;
/** Rows left below the view when the next page is asked for. */
const loadAheadRows = 3;

/**
 * The wall of alert cards, virtualised: only the rows in view (and two either side) are in the DOM,
 * so tens of thousands of loaded alerts scroll as smoothly as twenty. Reaching the end asks for more.
 */
export function AlertWall(props: {
  items: readonly Alert[];
  selected: ReadonlySet<number>;
  incoming: number;
  loading: boolean;
  complete: boolean;
  /** Scrolled away from the top: new alerts wait under the pill instead of moving the cards. */
  onScrolledDown(scrolled: boolean): void;
  onShowIncoming(): void;
  onLoadMore(): void;
  onOpen(alert: Alert): void;
  /** The card the keys act on (null: none yet, the first is the one in the tab order). */
  focusedId: number | null;
  /** Asked to move there by a key: the wall scrolls it into view and gives it the focus. */
  focusRequest: { id: number } | null;
  onFocusCard(id: number): void;
  /** How many cards a row holds, for the keys that go a row up or down. */
  onColumns(columns: number): void;
  /** Null when the operator may not handle alerts: nothing to select them for. */
  onSelect: ((id: number, selected: boolean) => void) | null;
}) {
  const { t } = useLocale();
  const scroller = useRef<HTMLDivElement>(null);
  const { items, onLoadMore, onScrolledDown, onColumns, focusRequest } = props;
  const view = useScrollView(scroller);
  const columns = Math.max(1, Math.floor((view.width + gap) / (minCardWidth + gap)));
  const rows = Math.ceil(items.length / columns);
  const shown = visibleRows(view, rows, rowHeight);
  // Rows beside the view hold a stand-in of each card: a burst of live alerts replaces every card
  // the wall holds at once, and those out of view doubled what its frame styled, laid out and painted.
  const inView = visibleRows(view, rows, rowHeight, 0);
  const scrolled = view.scrollTop > rowHeight / 2;

  useEffect(() => onScrolledDown(scrolled), [scrolled, onScrolledDown]);
  useEffect(() => onColumns(columns), [columns, onColumns]);

  // A card asked for by a key: its row scrolled into view, then, once that row is drawn (the
  // scroll is measured on the next frame), focused. Each request is carried out once.
  const done = useRef<{ id: number } | null>(null);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!focusRequest || done.current === focusRequest || !element) return;
    const index = items.findIndex((alert) => alert.id === focusRequest.id);
    if (index < 0) {
      done.current = focusRequest;
      return;
    }
    const top = Math.floor(index / columns) * rowHeight;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (top + rowHeight > element.scrollTop + element.clientHeight)
      element.scrollTop = top + rowHeight - element.clientHeight;
    const card = element.querySelector<HTMLElement>(`[data-alert-id="${focusRequest.id}"]`);
    if (!card) return;
    done.current = focusRequest;
    card.focus({ preventScroll: true });
  });
  const nearEnd = shown.end >= rows - loadAheadRows;
  useEffect(() => {
    if (nearEnd && !props.loading && !props.complete) onLoadMore();
  }, [nearEnd, props.loading, props.complete, onLoadMore, items.length]);

  // antd's provider puts the icons' stylesheet in the page; each icon of a card looking for it again
  // (a scan of every style element) was the heaviest script of a burst mounting dozens of cards.
  const icons = useContext(IconContext);
  const quietIcons = useMemo(() => ({ ...icons, zeroRuntime: true }), [icons]);
  const cards = items.slice(shown.start * columns, shown.end * columns);
  // The one card in the tab order: the focused one when drawn, else the first drawn.
  const tabbable = cards.some((alert) => alert.id === props.focusedId) ? props.focusedId : cards[0]?.id;
  const grid: CSSProperties = {
    gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
    transform: `translateY(${shown.start * rowHeight}px)`,
  };
  return (
    <div className="cfop-alert-wall-frame">
      {props.incoming > 0 && (
        <Button
          type="primary"
          shape="round"
          className="cfop-alert-wall-pill"
          onClick={() => {
            scroller.current?.scrollTo({ top: 0 });
            props.onShowIncoming();
          }}
        >
          {t(newAlertsText(props.incoming))}
        </Button>
      )}
      <div className="cfop-alert-wall" ref={scroller} role="feed" aria-busy={props.loading}>
        {items.length === 0 && !props.loading ? (
          <Empty className="cfop-alert-wall-empty" description={t(alertTexts.empty)} />
        ) : (
          <div className="cfop-alert-wall-space" style={{ height: rows * rowHeight }}>
            <div className="cfop-alert-wall-rows" style={grid}>
              <IconContext.Provider value={quietIcons}>
                {cards.map((alert, index) => {
                  const row = shown.start + Math.floor(index / columns);
                  return row >= inView.start && row < inView.end ? (
                    <AlertCard
                      key={alert.id}
                      alert={alert}
                      selected={props.selected.has(alert.id)}
                      focused={alert.id === tabbable}
                      position={shown.start * columns + index + 1}
                      setSize={items.length}
                      onFocus={props.onFocusCard}
                      onOpen={props.onOpen}
                      onSelect={props.onSelect}
                    />
                  ) : (
                    <div key={alert.id} className="cfop-alert-card-stand-in" aria-hidden />
                  );
                })}
              </IconContext.Provider>
            </div>
          </div>
        )}
        <div className="cfop-alert-wall-status">
          {props.loading ? (
            <Spin size="small" />
          ) : props.complete && items.length > 0 ? (
            t(alertTexts.end)
          ) : null}
        </div>
      </div>
    </div>
  );
}
