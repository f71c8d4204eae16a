import './alerts.css';
import { Alert as Banner, Card } from 'antd';
import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from '../../../api';
import type { LocalText } from '../../../generated/settings';
import { useLocale } from '../../../i18n';
import type { ListState } from '../../../resources/list-query';
import { resourceApi } from '../../../resources/resource-api';
import { SearchCard } from '../../../resources/SearchForm';
import { texts as resourceTexts } from '../../../resources/texts';
import { useListState } from '../../../resources/use-list-state';
import { alertResource as descriptor } from './alert-options';
import type { AlertFilters } from './alert-api';
import { alertTexts, loadedText } from './alert-texts';
import { useAlertJobs } from './alert-jobs';
import { AlertWall } from './AlertWall';
import { BulkDialog, type BulkTarget } from './BulkDialog';
import { liveAlerts, useLiveAlerts, useLiveStatus, type Alert } from './live-alert-store';
import { loadAlertDrawer, useLinkedAlert, useLinkedAlertId } from './use-linked-alert';
import { WallToolbar, type Decision } from './WallToolbar';
import { appendPage, emptyWall, mergeBatch, showIncoming, type WallState } from './wall-state';

// The drawer (descriptions, form) loads with the first card opened.
const AlertDrawer = lazy(loadAlertDrawer);

/** Alerts fetched per page as the operator scrolls down the wall. */
const wallPageSize = 100;

/**
 * The wall's pages from the server for one search: the first once `ready`, each further one on
 * demand. Ready is when the live stream is open: an alert raised from then on comes through it, and
 * one raised before is in the first page (one in both shows once), so none falls between the two.
 */
function useWallPages(
  state: ListState,
  ready: boolean,
  onPage: (wall: (before: WallState) => WallState) => void,
) {
  const [loading, setLoading] = useState(false);
  const [complete, setComplete] = useState(false);
  const progress = useRef({ pages: 0, busy: false });

  const loadNext = useCallback(async () => {
    const current = progress.current;
    if (current.busy) return;
    current.busy = true;
    setLoading(true);
    try {
      const page = await resourceApi.list(descriptor, {
        ...state,
        page: current.pages + 1,
        pageSize: wallPageSize,
      });
      current.pages += 1;
      const items = page.items as unknown as Alert[];
      onPage((before) => appendPage(before, items, page));
      // A capped total is no end: only a short page says the last alert is in.
      const counted = !page.totalCapped && current.pages * wallPageSize >= page.total;
      setComplete(items.length < wallPageSize || counted);
    } catch {
      // Told by the api layer (a toast); scrolling again tries again.
    } finally {
      current.busy = false;
      setLoading(false);
    }
  }, [state, onPage]);

  useEffect(() => {
    if (ready && progress.current.pages === 0) void loadNext();
  }, [ready, loadNext]);
  return { loading, complete, loadNext };
}

/**
 * The AI alert screen: a wall of alert cards, newest first, filtered from the URL (a shared link
 * opens the same wall), with live alerts arriving on top in batches, a detail drawer to handle
 * one, bulk handling of the selected cards, and export of what the filters select.
 */
export default function AlertPage() {
  const [state, setState] = useListState(descriptor);
  const [live, setLive] = useState(true);
  const [searches, setSearches] = useState(0);
  useLiveAlerts();
  return (
    <div className="cfop-stack cfop-alert-page">
      <LinkedAlertDrawer />
      {/* The same search again starts the wall again. */}
      <SearchCard
        descriptor={descriptor}
        state={state}
        setState={setState}
        onSameSearch={() => setSearches((count) => count + 1)}
      />
      {/* A new search is a new wall: its pages, selection and held alerts start afresh. */}
      <AlertBoard
        key={`${JSON.stringify([state.sort, state.filters])} ${searches}`}
        state={state}
        live={live}
        onLive={setLive}
        onRefresh={() => setSearches((count) => count + 1)}
      />
    </div>
  );
}

/** Puts alerts the server answered onto the wall at once (the stream brings them to the others). */
const showHandled = (handled: readonly Alert[]) => handled.forEach((alert) => liveAlerts.push(alert));

function handledInDrawer(alert: Alert, t: (text: LocalText) => string): void {
  toast('success', t(alertTexts.handled));
  showHandled([alert]);
}

/**
 * The drawer of the alert a link names (`?alertId=N`), over whatever the wall shows; a message
 * instead when there is no such alert.
 */
function LinkedAlertDrawer() {
  const { t } = useLocale();
  const linked = useLinkedAlert();
  if (linked.failure) {
    return <Banner type="warning" showIcon closable title={t(linked.failure)} afterClose={linked.close} />;
  }
  const { Drawer } = linked;
  return (
    linked.alert &&
    Drawer && (
      <Drawer
        descriptor={descriptor}
        alert={linked.alert}
        open={linked.open}
        onClose={linked.close}
        onHandled={(alert) => handledInDrawer(alert, t)}
      />
    )
  );
}

/** The wall of one search, with its toolbar, detail drawer and bulk dialog. */
function AlertBoard(props: {
  state: ListState;
  live: boolean;
  onLive(live: boolean): void;
  onRefresh(): void;
}) {
  const { t } = useLocale();
  const { state, live } = props;
  const jobs = useAlertJobs();

  const [wall, setWall] = useState<WallState>(emptyWall);
  const [scrolledDown, setScrolledDown] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [opened, setOpened] = useState<{ id: number; open: boolean } | null>(null);
  // A link to an alert (返回告警, a notification) shows that alert's drawer alone: the one a card
  // opened before the operator left for its video closes.
  const linkedId = useLinkedAlertId();
  const [followedLink, setFollowedLink] = useState(linkedId);
  if (followedLink !== linkedId) {
    setFollowedLink(linkedId);
    if (linkedId !== null && opened?.open) setOpened({ ...opened, open: false });
  }
  const [bulk, setBulk] = useState<Decision | null>(null);
  const [matching, setMatching] = useState<Extract<BulkTarget, { kind: 'matching' }> | null>(null);
  const [exporting, setExporting] = useState(false);
  const status = useLiveStatus();
  // A stream that cannot open (reconnecting) does not keep the wall from what the list has.
  const pages = useWallPages(state, status === 'open' || status === 'reconnecting', setWall);
  const { loadNext } = pages;

  // Live alerts, merged once per batch and put on the wall a row per frame; held while the operator
  // reads further down or paused.
  const hold = !live || scrolledDown;
  const latest = useRef({ hold, filters: state.filters });
  useEffect(() => {
    latest.current = { hold, filters: state.filters };
  }, [hold, state.filters]);
  // A transition: a batch that brings dozens of new cards renders in slices between frames, so the
  // wall keeps painting through a burst instead of freezing while they all mount at once.
  useEffect(
    () =>
      liveAlerts.onBatch((batch) =>
        startTransition(() =>
          setWall((before) => mergeBatch(before, batch, latest.current.filters, latest.current.hold)),
        ),
      ),
    [],
  );
  /** Back at the top with live on: what was held comes in. */
  const onScrolledDown = useCallback(
    (scrolled: boolean) => {
      setScrolledDown(scrolled);
      if (!scrolled && live) setWall(showIncoming);
    },
    [live],
  );
  const { onLive: setLiveOn } = props;
  const onLive = useCallback(
    (next: boolean) => {
      setLiveOn(next);
      if (next && !scrolledDown) setWall(showIncoming);
    },
    [setLiveOn, scrolledDown],
  );

  const onSelect = useCallback(
    (id: number, on: boolean) =>
      setSelected((before) => {
        const next = new Set(before);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    [],
  );
  const onOpen = useCallback((alert: Alert) => setOpened({ id: alert.id, open: true }), []);
  const onLoadMore = useCallback(() => void loadNext(), [loadNext]);
  const selectedTarget = useMemo<BulkTarget>(() => ({ kind: 'selected', ids: selected }), [selected]);
  const openedAlert = opened && [...wall.items, ...wall.incoming].find((alert) => alert.id === opened.id);

  const exportList = useCallback(async () => {
    setExporting(true);
    try {
      await resourceApi.export(descriptor, state);
      toast('success', t(resourceTexts.exported));
    } catch {
      // Told by the api layer.
    } finally {
      setExporting(false);
    }
  }, [state, t]);
  const onExport = useCallback(() => void exportList(), [exportList]);
  const onClearSelection = useCallback(() => setSelected(new Set()), []);
  const onBulkCancel = useCallback(() => {
    setBulk(null);
    setMatching(null);
  }, []);
  const { onRefresh } = props;
  const onBulkDone = useCallback(
    (handled: readonly Alert[]) => {
      showHandled(handled);
      setSelected(new Set());
      setBulk(null);
      setMatching(null);
      // Handled by filter, the wall reads its search again: every card it shows may have changed.
      if (matching) onRefresh();
    },
    [matching, onRefresh],
  );
  /** Counts what "all matching" handles (the pending among the filters) before the dialog opens. */
  const countMatching = useCallback(
    async (decision: Decision) => {
      try {
        // The search's values as the wall sent them to listAlerts, which takes the same filters.
        const filters = state.filters as AlertFilters;
        const page = await resourceApi.list(descriptor, {
          ...state,
          filters: { ...state.filters, status: 'pending' },
          page: 1,
          pageSize: 1,
        });
        setMatching({ kind: 'matching', filters, pending: page.total, pendingCapped: page.totalCapped });
        setBulk(decision);
      } catch {
        // Told by the api layer.
      }
    },
    [state],
  );
  const onMatching = useCallback((decision: Decision) => void countMatching(decision), [countMatching]);

  return (
    <>
      <Card
        variant="borderless"
        className="cfop-alert-wall-card"
        title={
          <span>
            {t(descriptor.title)}
            <span className="cfop-alert-count">{t(loadedText(wall.items.length, wall))}</span>
          </span>
        }
        extra={
          <WallToolbar
            selectedCount={selected.size}
            live={live}
            status={status}
            exporting={exporting}
            mayExport={jobs.exportList}
            loading={pages.loading}
            mayHandle={jobs.handle}
            onBulk={setBulk}
            onMatching={onMatching}
            onClearSelection={onClearSelection}
            onLive={onLive}
            onExport={onExport}
            onRefresh={props.onRefresh}
          />
        }
      >
        <AlertWall
          items={wall.items}
          selected={selected}
          incoming={wall.incoming.length}
          loading={pages.loading}
          complete={pages.complete}
          onScrolledDown={onScrolledDown}
          onShowIncoming={() => setWall(showIncoming)}
          onLoadMore={onLoadMore}
          onOpen={onOpen}
          onSelect={jobs.handle ? onSelect : null}
        />
      </Card>
      {opened && openedAlert && (
        <Suspense fallback={null}>
          <AlertDrawer
            descriptor={descriptor}
            alert={openedAlert}
            open={opened.open}
            onClose={() => setOpened({ ...opened, open: false })}
            onHandled={(alert) => handledInDrawer(alert, t)}
          />
        </Suspense>
      )}
      <BulkDialog
        decision={bulk}
        target={matching ?? selectedTarget}
        onCancel={onBulkCancel}
        onDone={onBulkDone}
      />
    </>
  );
}
