import CaretRightOutlined from '@ant-design/icons/CaretRightOutlined';
import LeftOutlined from '@ant-design/icons/LeftOutlined';
import PauseOutlined from '@ant-design/icons/PauseOutlined';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import RightOutlined from '@ant-design/icons/RightOutlined';
import StepBackwardOutlined from '@ant-design/icons/StepBackwardOutlined';
import StepForwardOutlined from '@ant-design/icons/StepForwardOutlined';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Result,
  Segmented,
  Select,
  Space,
  Spin,
  Tooltip,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { api, apiPath, call } from '../../../api';
import { useRead } from '../../../api/use-read';
import { formatDateTime, useLocale } from '../../../i18n';
import { useScreenLocation, useScreenQueryNavigate } from '../../../session/screen-location';
import { keepingFromAlert } from '../../../session/alert-return';
import { useCurrentRoute } from '../../../session/use-current-route';
import { BackToAlertButton } from '../../../resources/BackToAlertButton';
import type { LiveCamera } from '../../../media/camera-tree';
import { playbackLeadMs } from '../../../media/live-link';
import { canPlayRecording, playRecording, type RecordingPlayback } from '../../../media/play-recording';
import { mediaTexts, movingOnText } from '../../../media/media-texts';
import { footagePlay } from '../../../media/recording-video';
import { Timeline } from './Timeline';
import { ExportRangePanel } from './ExportRange';
import { useSession } from '../../../session';
import { exportRecording } from '../../../generated/operation-access';
import { alertCountText, playbackTexts as texts, zoomText } from './playback-texts';
import {
  dayBounds,
  dayOf,
  neighbourAlert,
  placeSearch,
  playableFrom,
  readPlace,
  shiftDay,
  viewOf,
  zoomLengths,
  type AlertMark,
  type PlaybackPlace,
  type Span,
  type ZoomLength,
} from '../../../media/timeline';
import './playback.css';

type Loaded<T> =
  { readonly kind: 'loading' } | { readonly kind: 'failed' } | { readonly kind: 'loaded'; readonly value: T };

interface DayRecording {
  readonly spans: readonly Span[];
  readonly codecs: readonly string[];
  readonly alerts: readonly AlertMark[];
}

const speeds = [1, 2, 4] as const;
/** How long the word that footage was removed stays, while the player moves on past it. */
const goneNoticeMs = 6000;
type Speed = (typeof speeds)[number];

/**
 * 录像回放: one camera's day. The timeline shows what was recorded and the alerts; a click, a drag,
 * a marker or the alert buttons play from that moment; the picture's time of day shows as it plays.
 * The day is the browser's, sent to the server as its two instants. The camera and moment are the
 * URL's query (`?camera=12&at=<ISO>`), so an alert links to what its camera recorded then.
 */
export default function PlaybackPage() {
  const { t } = useLocale();
  const route = useCurrentRoute();
  const { access } = useSession();
  const { search } = useScreenLocation();
  const navigateQuery = useScreenQueryNavigate();
  // "Today" is the day the screen was opened: a date picker's last day, the day a bare link shows.
  const [openedAt] = useState(() => Date.now());
  const place = useMemo(() => readPlace(search, openedAt), [search, openedAt]);
  const day = useMemo(() => dayBounds(place.day), [place.day]);
  const camerasRead = useRead(['/recordings/cameras'], () => call(api.GET('/recordings/cameras')));
  const cameras: Loaded<readonly LiveCamera[]> = camerasRead.data
    ? { kind: 'loaded', value: camerasRead.data.items }
    : { kind: camerasRead.failed ? 'failed' : 'loading' };
  const [current, setCurrent] = useState<number | null>(null);
  const [paused, setPaused] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  // A link to a moment (an alert's) opens on the hour around it; a day, on the whole day.
  const [zoom, setZoom] = useState<ZoomLength>(() => (place.at === null ? zoomLengths[0] : zoomLengths[2]));
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Where the export panel's range starts, while it is open.
  const [exportFrom, setExportFrom] = useState<number | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const player = useRef<RecordingPlayback | null>(null);

  const go = useCallback(
    (next: PlaybackPlace) =>
      navigateQuery(keepingFromAlert(search, new URLSearchParams(placeSearch(next))), { replace: true }),
    [navigateQuery, search],
  );

  const period = useMemo(
    () => ({ from: new Date(day.from).toISOString(), to: new Date(day.to).toISOString() }),
    [day],
  );
  const cameraId = place.cameraId;
  const recordingRead = useRead<DayRecording>(
    ['/recordings/cameras/{id}', cameraId, period],
    cameraId === null
      ? null
      : () =>
          call(api.GET('/recordings/cameras/{id}', { params: { path: { id: cameraId }, query: period } })),
  );
  const recording: Loaded<DayRecording> = recordingRead.data
    ? { kind: 'loaded', value: recordingRead.data }
    : { kind: recordingRead.failed ? 'failed' : 'loading' };

  // The moment asked for when the player starts; later seeks go to the running player.
  const startAt = useRef(place.at);
  useLayoutEffect(() => {
    startAt.current = place.at;
  });
  const spans = recording.kind === 'loaded' ? recording.value.spans : null;
  const codecs = recording.kind === 'loaded' ? recording.value.codecs : null;
  const hasRecording = spans !== null && spans.length > 0;
  useEffect(() => {
    const element = video.current;
    if (!element || !hasRecording || place.cameraId === null || !canPlayRecording()) return;
    setFailure(null);
    setCurrent(null);
    const footage = footagePlay(codecs ?? []);
    const query = new URLSearchParams({ ...period, ...footage.query }).toString();
    let hideGone: ReturnType<typeof setTimeout> | undefined;
    const playback = playRecording(
      element,
      `${apiPath('/recordings/cameras/{id}/index.m3u8', { id: place.cameraId })}?${query}`,
      {
        startAt: playableFrom(spans, startAt.current ?? day.from),
        onFailure: (reason) => {
          const said = footage.failure(reason);
          setFailure(typeof said === 'string' ? said : t(said));
        },
        onSegmentGone: (reason) => {
          const text = t(movingOnText(typeof reason === 'string' ? reason : t(reason)));
          setNotice(text);
          clearTimeout(hideGone);
          hideGone = setTimeout(() => setNotice((shown) => (shown === text ? null : shown)), goneNoticeMs);
        },
      },
    );
    player.current = playback;
    const tick = () => setCurrent(playback.timeNow());
    element.addEventListener('timeupdate', tick);
    element.addEventListener('seeked', tick);
    return () => {
      clearTimeout(hideGone);
      element.removeEventListener('timeupdate', tick);
      element.removeEventListener('seeked', tick);
      playback.stop();
      player.current = null;
    };
    // A new player for another camera, day or a reload only: seeks go to the running one.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hasRecording, spans, codecs, place.cameraId, period]);

  // The default rate outlives a new player (a reload of the element resets the rate to it).
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.defaultPlaybackRate = speed;
    element.playbackRate = speed;
  }, [speed]);

  const seek = (time: number) => {
    setNotice(null);
    const from = spans ? playableFrom(spans, time) : null;
    if (from === null || !player.current?.seek(from)) {
      setNotice(t(texts.nothingAfter));
      return;
    }
    setCurrent(from);
    go({ ...place, at: from });
    void video.current?.play().catch(() => undefined);
  };
  const alerts = recording.kind === 'loaded' ? recording.value.alerts : [];
  const toAlert = (alert: AlertMark | null) => {
    if (alert) seek(Date.parse(alert.occurredAt) - playbackLeadMs);
  };
  const toggle = () => {
    const element = video.current;
    if (!element) return;
    if (element.paused) void element.play().catch(() => undefined);
    else element.pause();
  };
  const changeDay = (next: string) => go({ cameraId: place.cameraId, at: null, day: next });
  const today = dayOf(openedAt);
  const cameraName =
    cameras.kind === 'loaded'
      ? cameras.value.find((camera) => camera.id === place.cameraId)?.name
      : undefined;

  const body = () => {
    if (place.cameraId === null) return <Empty description={t(texts.chooseCamera)} />;
    if (!canPlayRecording()) return <Result status="warning" title={t(mediaTexts.unsupported)} />;
    if (recording.kind === 'failed') {
      return (
        <Result
          status="warning"
          title={t(texts.loadFailed)}
          extra={<Button onClick={recordingRead.retry}>{t(texts.reload)}</Button>}
        />
      );
    }
    return null;
  };
  const overlay = body();

  return (
    <Card
      variant="borderless"
      className="cfop-playback-screen"
      title={route && t(route.name)}
      extra={
        <Space wrap>
          <BackToAlertButton />
          <Select<number>
            className="cfop-playback-camera"
            showSearch
            optionFilterProp="label"
            aria-label={t(texts.camera)}
            placeholder={t(texts.chooseCamera)}
            loading={cameras.kind === 'loading'}
            status={cameras.kind === 'failed' ? 'error' : undefined}
            value={place.cameraId ?? undefined}
            onChange={(cameraId) => go({ ...place, cameraId })}
            options={
              cameras.kind === 'loaded'
                ? cameras.value.map((camera) => ({
                    value: camera.id,
                    label: camera.area ? `${camera.name} · ${camera.area}` : camera.name,
                  }))
                : []
            }
          />
          <Space.Compact>
            <Tooltip title={t(texts.previousDay)}>
              <Button
                icon={<LeftOutlined />}
                aria-label={t(texts.previousDay)}
                onClick={() => changeDay(shiftDay(place.day, -1))}
              />
            </Tooltip>
            <DatePicker
              aria-label={t(texts.day)}
              allowClear={false}
              value={dayjs(place.day)}
              disabledDate={(candidate: Dayjs) => candidate.format('YYYY-MM-DD') > today}
              onChange={(picked: Dayjs | null) => picked && changeDay(picked.format('YYYY-MM-DD'))}
            />
            <Tooltip title={t(texts.nextDay)}>
              <Button
                icon={<RightOutlined />}
                aria-label={t(texts.nextDay)}
                disabled={place.day >= today}
                onClick={() => changeDay(shiftDay(place.day, 1))}
              />
            </Tooltip>
          </Space.Compact>
          <Tooltip title={t(texts.reload)}>
            <Button icon={<ReloadOutlined />} aria-label={t(texts.reload)} onClick={recordingRead.retry} />
          </Tooltip>
        </Space>
      }
      styles={{ body: { padding: 12 } }}
    >
      {cameras.kind === 'failed' && <Alert type="warning" showIcon title={t(texts.camerasFailed)} />}
      <div className="cfop-playback-stage">
        <video
          ref={video}
          className="cfop-playback-video"
          muted
          playsInline
          onPlay={() => setPaused(false)}
          onPause={() => setPaused(true)}
        />
        {overlay && <div className="cfop-playback-message">{overlay}</div>}
        {!overlay && recording.kind === 'loading' && (
          <div className="cfop-playback-message">
            <Spin />
            <div>{t(texts.loading)}</div>
          </div>
        )}
        {!overlay && recording.kind === 'loaded' && !hasRecording && (
          <div className="cfop-playback-message">
            <Empty description={t(texts.nothingRecorded)} />
          </div>
        )}
        {failure && hasRecording && (
          <div className="cfop-playback-message">
            <Result status="warning" title={failure} />
          </div>
        )}
      </div>
      <div className="cfop-playback-controls">
        <Space wrap>
          <Button
            icon={paused ? <CaretRightOutlined /> : <PauseOutlined />}
            aria-label={t(paused ? texts.play : texts.pause)}
            disabled={!hasRecording}
            onClick={toggle}
          />
          <Segmented<Speed>
            aria-label={t(texts.speed)}
            value={speed}
            onChange={setSpeed}
            options={speeds.map((value) => ({ value, label: `${value}×` }))}
          />
          <Tooltip title={t(texts.previousAlert)}>
            <Button
              icon={<StepBackwardOutlined />}
              aria-label={t(texts.previousAlert)}
              disabled={!hasRecording || alerts.length === 0}
              onClick={() => toAlert(neighbourAlert(alerts, current ?? day.to, 'previous'))}
            />
          </Tooltip>
          <Tooltip title={t(texts.nextAlert)}>
            <Button
              icon={<StepForwardOutlined />}
              aria-label={t(texts.nextAlert)}
              disabled={!hasRecording || alerts.length === 0}
              onClick={() => toAlert(neighbourAlert(alerts, current ?? day.from, 'next'))}
            />
          </Tooltip>
          <span className="cfop-playback-count">{t(alertCountText(alerts.length))}</span>
          <Segmented<ZoomLength>
            aria-label={t(texts.zoom)}
            value={zoom}
            onChange={setZoom}
            options={zoomLengths.map((value) => ({ value, label: t(zoomText(value)) }))}
          />
          {access[exportRecording] && (
            <Button
              disabled={!hasRecording}
              onClick={() =>
                setExportFrom(current ?? place.at ?? (spans?.[0] ? Date.parse(spans[0].start) : day.from))
              }
            >
              {t(texts.exportRange)}
            </Button>
          )}
        </Space>
        <span className="cfop-playback-now" aria-live="off">
          {t(texts.playingAt)}{' '}
          <time
            data-testid="playback-time"
            dateTime={current === null ? '' : new Date(current).toISOString()}
          >
            {current === null ? '—' : formatDateTime(new Date(current).toISOString())}
          </time>
        </span>
      </div>
      {exportFrom !== null && place.cameraId !== null && (
        <ExportRangePanel
          key={`${place.cameraId} ${place.day} ${exportFrom}`}
          cameraId={place.cameraId}
          cameraName={cameraName ?? ''}
          day={day}
          at={exportFrom}
          onClose={() => setExportFrom(null)}
        />
      )}
      {notice && <Alert className="cfop-playback-notice" type="info" showIcon title={notice} />}
      <Timeline
        day={day}
        view={viewOf(day, current ?? place.at ?? day.from, zoom)}
        spans={spans ?? []}
        alerts={alerts}
        current={current}
        onSeek={seek}
        onAlert={(alert) => toAlert(alert)}
      />
    </Card>
  );
}
