import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Result, Segmented, Spin } from 'antd';
import { type KeyboardEvent, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
import type { LiveCamera } from '../../../media/camera-tree';
import { CameraTree } from './CameraTree';
import { paneCanSteer } from './pane-ptz';
import { VideoPane, type PaneActions } from './VideoPane';
import { panesText, unknownCameraText, videoTexts as texts } from './video-texts';
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

/**
 * 视频监控: the camera tree on the left, the video wall on the right (1, 4, 9 or 16 panes). A
 * camera clicked or dropped goes into the selected pane, and the next empty pane is selected. The
 * layout and the panes' cameras are the URL's query, so a wall can be shared as a link.
 */
export default function VideoPage() {
  const { t } = useLocale();
  const route = useCurrentRoute();
  const { access } = useSession();
  const { search } = useScreenLocation();
  const navigateQuery = useScreenQueryNavigate();
  const wall = useMemo(() => readWall(search), [search]);
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

  // The pane actions read the wall through a ref, so they stay the same functions for the wall's
  // life and a pane renders only when its own camera, stream or selection changes.
  const current = useRef({ wall, search, selected });
  useLayoutEffect(() => {
    current.current = { wall, search, selected };
  });
  const show = useCallback(
    (next: WallState) => navigateQuery(wallSearch(next, current.current.search), { replace: true }),
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
    show({ ...wall, layout });
    if (selected >= layout) setSelected(0);
  };

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
          {cameras && <CameraTree cameras={cameras} onPick={pick} />}
        </aside>
        <section className="cfop-video-main">
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
    </Card>
  );
}
