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
import { alertResource as descriptor } from '../../../alerts-live/alert-options';
import type { AlertFilters } from './alert-api';
import { alertTexts, loadedText } from './alert-texts';
import { useAlertJobs } from './alert-jobs';
import { AlertWall } from './AlertWall';
import { BulkDialog, type BulkTarget } from './BulkDialog';
import { liveAlerts, useLiveAlerts, useLiveStatus, type Alert } from '../../../alerts-live/live-alert-store';
import { loadAlertDrawer, useLinkedAlert, useLinkedAlertId } from './use-linked-alert';
import { useLevelCounts } from './use-level-counts';
import { useWallKeys } from './use-wall-keys';
import { WallHelp } from './WallHelp';
import { WallSummary } from './WallSummary';
import { WallToolbar, type Decision } from './WallToolbar';
import { alertWallResource, serverFilters, shownFilters, urlFilters, withWallFilters } from './wall-filters';
import { movedFocus, type WallKey } from './wall-keys';
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
  const [urlState, setUrlState] = useListState(alertWallResource);
  // The search form shows the status the wall shows (pending when the URL names none).
  const state = useMemo(() => withWallFilters(urlState, shownFilters), [urlState]);
  const setState = useCallback(
    (next: ListState) => setUrlState(withWallFilters(next, urlFilters)),
    [setUrlState],
  );
  const [live, setLive] = useState(true);
  const [searches, setSearches] = useState(0);
  useLiveAlerts();
  return (
    <div className="cfop-stack cfop-alert-page">
      <LinkedAlertDrawer />
      {/* The same search again starts the wall again. */}
      <SearchCard
        descriptor={alertWallResource}
        state={state}
        setState={setState}
        onSameSearch={() => setSearches((count) => count + 1)}
      />
      {/* A new search is a new wall: its pages, selection and held alerts start afresh. A search
          that only drops a default from the URL (`status=pending`) is the same one again. */}
      <AlertBoard
        key={`${JSON.stringify([urlState.sort, urlState.filters])} ${searches}`}
        state={state}
        setState={setState}
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

/** The wall of one search, with its toolbar, counters, keys, detail drawer and bulk dialog. */
function AlertBoard(props: {
  /** The search as the wall shows it (`status` always set; `all` for every status). */
  state: ListState;
  setState(next: ListState): boolean;
  live: boolean;
  onLive(live: boolean): void;
  onRefresh(): void;
}) {
  const { t } = useLocale();
  const { live } = props;
  // The search as the server takes it.
  const state = useMemo(() => withWallFilters(props.state, serverFilters), [props.state]);
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
  /** The card the keys act on, and the last move a key asked of the wall. */
  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [focusRequest, setFocusRequest] = useState<{ id: number } | null>(null);
  const columns = useRef(1);
  const onColumns = useCallback((count: number) => void (columns.current = count), []);
  /** The alert a key handles when none is selected: the focused one. */
  const [keyTarget, setKeyTarget] = useState<ReadonlySet<number> | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const status = useLiveStatus();
  // A stream that cannot open (reconnecting) does not keep the wall from what the list has.
  const ready = status === 'open' || status === 'reconnecting';
  const pages = useWallPages(state, ready, setWall);
  const { loadNext } = pages;
  const counts = useLevelCounts(state.filters, ready);

  // Live alerts, merged once per batch and put on the wall a row per frame; held while the operator
  // reads further down, picks cards or handles them, or paused: the cards under the pointer stay.
  const hold = !live || scrolledDown || selected.size > 0 || bulk !== null;
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
  /** Nothing holds them any more (back at the top, selection cleared, live on): what was held comes in. */
  // Adjusted while rendering, as React advises for state that follows other state.
  const [held, setHeld] = useState(hold);
  if (held !== hold) {
    setHeld(hold);
    if (!hold) setWall(showIncoming);
  }

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
  /** The pending cards loaded: what select-all picks (a handled one has nothing left to handle). */
  const selectable = useMemo(
    () => wall.items.filter((alert) => alert.status === 'pending').map((alert) => alert.id),
    [wall.items],
  );
  const onSelectAll = useCallback((on: boolean) => setSelected(new Set(on ? selectable : [])), [selectable]);
  const onLoadMore = useCallback(() => void loadNext(), [loadNext]);
  const selectedTarget = useMemo<BulkTarget>(
    () => ({ kind: 'selected', ids: keyTarget ?? selected }),
    [keyTarget, selected],
  );
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
    setKeyTarget(null);
  }, []);
  const { onRefresh } = props;
  const onBulkDone = useCallback(
    (handled: readonly Alert[]) => {
      showHandled(handled);
      setSelected(new Set());
      setBulk(null);
      setMatching(null);
      setKeyTarget(null);
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

  const { setState } = props;
  /** The wall filtered by one more value (a counter's level, the status switch), from page 1. */
  const filterBy = useCallback(
    (name: string, value: string | undefined) => {
      const others = Object.fromEntries(Object.entries(props.state.filters).filter(([key]) => key !== name));
      setState({
        ...props.state,
        page: 1,
        filters: value === undefined ? others : { ...others, [name]: value },
      });
    },
    [props.state, setState],
  );
  const onStatus = useCallback((value: string) => filterBy('status', value), [filterBy]);
  const onLevel = useCallback((value: string | undefined) => filterBy('level', value), [filterBy]);
  const onHelp = useCallback(() => setHelpOpen(true), []);
  const onHelpClose = useCallback(() => setHelpOpen(false), []);

  /** Confirm or dismiss by key: the selected cards, else the focused one if it is pending. */
  const handleByKey = (decision: Decision, focused: Alert | undefined): boolean => {
    if (!jobs.handle) return false;
    if (selected.size === 0) {
      if (focused?.status !== 'pending') return false;
      setKeyTarget(new Set([focused.id]));
    }
    setBulk(decision);
    return true;
  };
  useWallKeys((key: WallKey): boolean => {
    const index = wall.items.findIndex((alert) => alert.id === focusedId);
    const focused = wall.items[index];
    switch (key) {
      case 'next':
      case 'previous':
      case 'down':
      case 'up': {
        const next = movedFocus(index < 0 ? null : index, key, wall.items.length, columns.current);
        const target = next === null ? undefined : wall.items[next];
        if (!target) return false;
        setFocusedId(target.id);
        setFocusRequest({ id: target.id });
        return true;
      }
      case 'open':
        if (!focused) return false;
        onOpen(focused);
        return true;
      case 'toggle':
        if (!focused || !jobs.handle) return false;
        onSelect(focused.id, !selected.has(focused.id));
        return true;
      case 'selectAll':
        if (!jobs.handle) return false;
        onSelectAll(true);
        return true;
      case 'clear':
        if (selected.size === 0) return false;
        onClearSelection();
        return true;
      case 'confirm':
      case 'dismiss':
        return handleByKey(key, focused);
      case 'help':
        setHelpOpen(true);
        return true;
    }
  });

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
            onLive={props.onLive}
            onExport={onExport}
            onRefresh={props.onRefresh}
          />
        }
      >
        <WallSummary
          status={props.state.filters.status ?? ''}
          level={props.state.filters.level}
          counts={counts}
          selectable={jobs.handle ? selectable.length : null}
          selectedCount={selected.size}
          onStatus={onStatus}
          onLevel={onLevel}
          onSelectAll={onSelectAll}
          onHelp={onHelp}
        />
        <AlertWall
          items={wall.items}
          selected={selected}
          incoming={wall.incoming.length}
          loading={pages.loading}
          complete={pages.complete}
          onScrolledDown={setScrolledDown}
          onShowIncoming={() => setWall(showIncoming)}
          onLoadMore={onLoadMore}
          onOpen={onOpen}
          focusedId={focusedId}
          focusRequest={focusRequest}
          onFocusCard={setFocusedId}
          onColumns={onColumns}
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
      <WallHelp open={helpOpen} onClose={onHelpClose} />
      <BulkDialog
        decision={bulk}
        target={matching ?? selectedTarget}
        onCancel={onBulkCancel}
        onDone={onBulkDone}
      />
    </>
  );
}
