import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Segmented, Spin, Tag } from 'antd';
import {
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { api, call } from '../../../api';
import { useRead } from '../../../api/use-read';
import { rowEvents } from '../../../generated/console-events';
import { useLocale } from '../../../i18n';
import { useScreenLocation, useScreenQueryNavigate } from '../../../session/screen-location';
import { useWhenScreenShownAgain } from '../../../session/screen-visibility';
import { useCurrentRoute } from '../../../session/use-current-route';
import { useSession } from '../../../session';
import { BackToAlertButton } from '../../../resources/BackToAlertButton';
import { patchRows, useLiveRows } from '../../../resources/live-rows';
import type { LiveCamera, LiveCameraGroup } from '../../../media/camera-tree';
import { readTour, tourPage, tourPageCount, tourSearch } from '../../../media/tour';
import { CameraTree } from './CameraTree';
import { openWallSocketsEarly } from './early-sockets';
import { paneCanSteer } from './pane-ptz';
import { startTourTimer, type TourTimer } from './tour-timer';
import { VideoPane, type PaneActions } from './VideoPane';
import { readVideoWalls, videoWallsKey, type VideoWall, type WallDialogKind } from './wall-dialog-data';
import { panesText, touringText, unknownCameraText, videoTexts as texts, wallTexts } from './video-texts';
import {
  layouts,
  nextPane,
  paneStream,
  readWall,
  wallSearch,
  withCamera,
  type Layout,
  type WallState,
} from '../../../media/wall-state';
import './video.css';

type CameraList =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed' }
  | { readonly kind: 'loaded'; readonly cameras: readonly LiveCamera[] };

const liveCamerasKey = ['/live/cameras'];
type LiveCameraList = { readonly items: readonly LiveCamera[] };
const noGroups: readonly LiveCameraGroup[] = [];

const WallDialog = lazy(() => import('./WallDialog'));

// Before anything renders: this page's code runs as the console starts on a wall's address.
openWallSocketsEarly(location);

/**
 * 视频监控: the camera tree on the left, the video wall on the right (1, 4, 9 or 16 panes). A
 * camera clicked or dropped goes into the selected pane, and the next empty pane is selected. The
 * layout and the panes' cameras are the URL's query, so a wall can be shared as a link; a wall can
 * also be saved by name, and the screen opened with no wall in its address opens the user's default.
 * A tour (轮巡) fills the panes from a camera group page by page, paused while the operator touches
 * the wall; it is in the URL too, so a reload carries on.
 */
export default function VideoPage() {
  const { t } = useLocale();
  const route = useCurrentRoute();
  const { access } = useSession();
  const { search } = useScreenLocation();
  const navigateQuery = useScreenQueryNavigate();
  const addressed = useMemo(() => readWall(search), [search]);
  const tour = useMemo(() => readTour(search), [search]);
  const [selected, setSelected] = useState(0);
  const client = useQueryClient();
  const read = useRead<LiveCameraList>(liveCamerasKey, () => call(api.GET('/live/cameras')));
  const list: CameraList = read.data
    ? { kind: 'loaded', cameras: read.data.items }
    : { kind: read.failed ? 'failed' : 'loading' };
  // Back on the screen, the tree shows the cameras' status of now (and cameras added meanwhile).
  useWhenScreenShownAgain(read.retry);
  // Meanwhile each camera's status changes as its stream does.
  useLiveRows(
    rowEvents.Camera,
    (change) =>
      client.setQueryData<LiveCameraList>(liveCamerasKey, (last) => {
        if (last === undefined) return last;
        const items = patchRows(last.items, change);
        return items === last.items ? last : { ...last, items };
      }),
    read.retry,
  );

  const groupsRead = useRead(['/live/camera-groups'], () => call(api.GET('/live/camera-groups')));
  const groups = groupsRead.data?.items ?? noGroups;
  useWhenScreenShownAgain(groupsRead.retry);
  const tourGroup = tour ? groups.find((group) => group.id === tour.groupId) : undefined;
  const tourPages = tourGroup ? tourPageCount(tourGroup.cameraIds.length, addressed.layout) : 1;
  // Touring, the panes show the tour's page; the address keeps the wall it started from.
  const wall = useMemo<WallState>(
    () =>
      tour && tourGroup
        ? { ...addressed, cameras: tourPage(tourGroup.cameraIds, addressed.layout, tour.page) }
        : addressed,
    [addressed, tour, tourGroup],
  );

  // The pane actions read the wall through a ref, so they stay the same functions for the wall's
  // life and a pane renders only when its own camera, stream or selection changes.
  const current = useRef({ wall, search, selected });
  useLayoutEffect(() => {
    current.current = { wall, search, selected };
  });
  // Arranging the panes by hand ends a tour, leaving its page on the wall; a new layout keeps it.
  const show = useCallback(
    (next: WallState, keepTour = false) => {
      const { search: now } = current.current;
      navigateQuery(wallSearch(next, keepTour ? now : tourSearch(null, now).toString()), { replace: true });
    },
    [navigateQuery],
  );
  const place = useCallback(
    (pane: number, cameraId: number) => {
      const next = withCamera(current.current.wall, pane, cameraId);
      show(next);
      setSelected(nextPane(next, pane));
    },
    [show],
  );
  const actions = useMemo<PaneActions>(
    () => ({
      select: setSelected,
      close: (pane) => show(withCamera(current.current.wall, pane, null)),
      drop: place,
      switchStream: (stream) => show({ ...current.current.wall, singleStream: stream }),
    }),
    [show, place],
  );
  const pick = useCallback((cameraId: number) => place(current.current.selected, cameraId), [place]);
  const switchLayout = (layout: Layout) => {
    show({ ...addressed, layout }, true);
    if (selected >= layout) setSelected(0);
  };
  const openWall = (saved: VideoWall) => {
    show({ layout: saved.layout as Layout, cameras: saved.cameras, singleStream: wall.singleStream });
    setSelected(0);
    setDialogOpen(false);
  };
  const startTour = (groupId: number, seconds: number) => {
    navigateQuery(tourSearch({ groupId, seconds, page: 0 }, search), { replace: true });
    setDialogOpen(false);
  };
  const [dialogOpen, setDialogOpen] = useState(false);
  // The last dialog opened stays mounted, closed: its chunk loads once and it closes with its motion.
  const [dialog, setDialog] = useState<WallDialogKind | null>(null);
  const openDialog = (kind: WallDialogKind) => {
    setDialog(kind);
    setDialogOpen(true);
  };
  useDefaultWall(search, openWall);

  const tourTimer = useRef<TourTimer | null>(null);
  const [tourPaused, setTourPaused] = useState(false);
  const touring = tour !== null && tourGroup !== undefined;
  const tourEveryMs = touring ? tour.seconds * 1000 : null;
  const tourGroupId = tourGroup?.id;
  useEffect(() => {
    if (tourEveryMs === null || tourGroupId === undefined) return;
    const timer = startTourTimer({
      everyMs: tourEveryMs,
      advance: () => {
        const now = readTour(current.current.search);
        if (now)
          navigateQuery(tourSearch({ ...now, page: (now.page + 1) % tourPages }, current.current.search), {
            replace: true,
          });
      },
      onPause: setTourPaused,
    });
    tourTimer.current = timer;
    // A pane full screen holds the tour until it leaves full screen.
    const onFullScreen = () =>
      timer.hold(
        document.fullscreenElement !== null &&
          wallElement.current?.contains(document.fullscreenElement) === true,
      );
    document.addEventListener('fullscreenchange', onFullScreen);
    return () => {
      document.removeEventListener('fullscreenchange', onFullScreen);
      timer.stop();
      tourTimer.current = null;
      setTourPaused(false);
    };
  }, [tourEveryMs, tourGroupId, tourPages, navigateQuery]);
  const touched = () => tourTimer.current?.interact();
  const stopTour = () => show(wall);

  const cameras = list.kind === 'loaded' ? list.cameras : null;
  const byId = useMemo(() => new Map(cameras?.map((camera) => [camera.id, camera])), [cameras]);
  const stream = paneStream(wall);
  const columns = Math.sqrt(wall.layout);
  const wallElement = useRef<HTMLDivElement>(null);
  // The arrow keys move the selection between panes, and the focus with it (the grid's one tab stop).
  const moveSelection = (event: KeyboardEvent<HTMLDivElement>) => {
    const from = (event.target as HTMLElement).dataset.pane;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -columns, ArrowDown: columns }[event.key];
    if (from === undefined || step === undefined) return;
    const to = Number(from) + step;
    if (to < 0 || to >= wall.layout) return;
    event.preventDefault();
    setSelected(to);
    wallElement.current?.querySelector<HTMLElement>(`[data-pane="${to}"]`)?.focus();
  };

  return (
    <Card
      variant="borderless"
      className="cfop-video-screen"
      title={route && t(route.name)}
      extra={
        <span className="cfop-video-layouts">
          <BackToAlertButton />
          {touring && (
            <Tag color={tourPaused ? 'warning' : 'processing'} className="cfop-tour-status">
              {t(tourPaused ? wallTexts.tourPaused : touringText(tourGroup.name, tour.seconds))}
            </Tag>
          )}
          {touring ? (
            <Button size="small" onClick={stopTour}>
              {t(wallTexts.stopTour)}
            </Button>
          ) : (
            <Button size="small" onClick={() => openDialog('tour')}>
              {t(wallTexts.startTour)}
            </Button>
          )}
          <Button size="small" onClick={() => openDialog('save')}>
            {t(wallTexts.save)}
          </Button>
          <Button size="small" onClick={() => openDialog('list')}>
            {t(wallTexts.myWalls)}
          </Button>
          <AppstoreOutlined />
          <Segmented<Layout>
            aria-label={t(texts.layout)}
            value={wall.layout}
            onChange={switchLayout}
            options={layouts.map((layout) => ({ value: layout, label: t(panesText(layout)) }))}
          />
        </span>
      }
      styles={{ body: { padding: 12 } }}
    >
      <div className="cfop-video-layout">
        <aside className="cfop-video-side">
          {list.kind === 'loading' && <Spin className="cfop-video-side-spin" />}
          {list.kind === 'failed' && (
            <Result
              status="warning"
              title={t(texts.loadFailed)}
              extra={<Button onClick={read.retry}>{t(texts.reload)}</Button>}
            />
          )}
          {cameras && <CameraTree cameras={cameras} groups={groups} onPick={pick} />}
        </aside>
        <section className="cfop-video-main" onPointerDown={touched} onKeyDown={touched} onWheel={touched}>
          <div
            ref={wallElement}
            className={`cfop-video-wall cfop-video-wall-${columns}`}
            role="grid"
            aria-label={t(panesText(wall.layout))}
            onKeyDown={moveSelection}
          >
            {/* Rows for the grid role; they take no box, the panes stay the CSS grid's items. */}
            {Array.from({ length: columns }, (_, row) => (
              <div key={row} role="row" className="cfop-video-row">
                {Array.from({ length: columns }, (_, column) => {
                  const pane = row * columns + column;
                  const id = wall.cameras[pane] ?? null;
                  return (
                    <VideoPane
                      key={pane}
                      pane={pane}
                      cameraId={id}
                      cameraName={
                        id === null ? '' : (byId.get(id)?.name ?? (cameras ? t(unknownCameraText(id)) : ''))
                      }
                      stream={stream}
                      hasSubStream={id !== null && byId.get(id)?.hasSubStream === true}
                      selected={pane === selected}
                      single={wall.layout === 1}
                      steerable={id !== null && paneCanSteer(access, byId.get(id))}
                      actions={actions}
                    />
                  );
                })}
              </div>
            ))}
          </div>
        </section>
      </div>
      {dialog && (
        <Suspense fallback={null}>
          <WallDialog
            kind={dialog}
            open={dialogOpen}
            wall={wall}
            groups={groups}
            onOpenWall={openWall}
            onTour={startTour}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * Opens the user's default wall once, when the screen was opened with no wall in its address (a
 * click in the menu): a link or a reload that names a wall or a tour keeps it.
 */
function useDefaultWall(search: string, open: (wall: VideoWall) => void) {
  const [bare] = useState(() => {
    const query = new URLSearchParams(search);
    return !query.has('layout') && !query.has('cams') && !query.has('tour');
  });
  const read = useRead(videoWallsKey, bare ? readVideoWalls : null);
  const done = useRef(!bare);
  const chosen = read.data?.items.find((wall) => wall.isDefault);
  useEffect(() => {
    if (done.current || read.data === undefined) return;
    done.current = true;
    if (chosen) open(chosen);
  }, [read.data, chosen, open]);
}
