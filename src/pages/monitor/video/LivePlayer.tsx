import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Spin } from 'antd';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { apiPath } from '../../../api';
import { useLocale } from '../../../i18n';
import { canPlayLive, playLive } from './play-live';
import { drawFrame } from '../../../media/snapshot';
import { watchStalls, type LiveView, type StallWatch } from './stall-watch';
import { retryInText, signalLostText, videoTexts as texts } from './video-texts';
import type { StreamName } from '../../../media/wall-state';
import { useShown } from './use-shown';
import { askStream, firstFrameOf, layersOf, startSwap, type StreamLayer } from './stream-swap';

/** What a pane shows of its live view; `offline` too when the browser cannot play it. */
export type PlayerStatus = LiveView['kind'];

/** HTMLMediaElement.HAVE_CURRENT_DATA: the element has a frame to show at its current time. */
const haveCurrentData = 2;

/**
 * A camera stream's live video and its status: 连接中, 播放中, 离线 (it never played) or 信号中断
 * with the time since its last frame (the frame kept, dimmed), each trying again by itself with
 * back-off (stall-watch.ts). Its props are the camera and the stream only, and it is memoised:
 * selecting another pane, typing in the tree's search or a new wall query renders nothing here,
 * so the `<video>` and its live socket stay attached. It plays while on screen, and stops when scrolled
 * away, in a hidden tab, unmounted (pane closed) or hidden with its screen by the shell; a stopped
 * pane neither counts a stall nor retries. `onStatus` (a stable function, or the memo is lost) hears
 * each change of status with the `<video>`, for the pane's tools. Another stream starts in a second
 * player beneath the first, which stays on screen until the new one's first frame (stream-swap.ts).
 */
export const LivePlayer = memo(function LivePlayer(props: {
  cameraId: number;
  stream: StreamName;
  onStatus?: (status: PlayerStatus, video: HTMLVideoElement) => void;
}) {
  const { cameraId, stream, onStatus } = props;
  const holder = useRef<HTMLDivElement>(null);
  const shown = useShown(holder);
  const [swap, setSwap] = useState(() => startSwap(stream));
  // Adjusted while rendering (not in an effect): the standby starts in this very render.
  const asked = askStream(swap, stream);
  if (asked !== swap) setSwap(asked);
  const onFirstFrame = useCallback((id: number) => setSwap((current) => firstFrameOf(current, id)), []);

  return (
    <div ref={holder} className="cfop-live-player" data-stream={asked.front.stream}>
      {layersOf(asked).map((layer) => (
        <LiveLayer
          key={layer.id}
          cameraId={cameraId}
          layer={layer}
          front={layer.id === asked.front.id}
          shown={shown}
          onStatus={onStatus}
          onFirstFrame={onFirstFrame}
        />
      ))}
    </div>
  );
});

/**
 * One player of a pane: its `<video>`, its stall watch, and, when it is the one on screen, its
 * status. A standby one lies beneath the front one, plays unseen and says only when it has a frame.
 */
const LiveLayer = memo(function LiveLayer(props: {
  cameraId: number;
  layer: StreamLayer;
  front: boolean;
  shown: boolean;
  onStatus?: (status: PlayerStatus, video: HTMLVideoElement) => void;
  onFirstFrame: (id: number) => void;
}) {
  const { cameraId, layer, front, shown, onStatus, onFirstFrame } = props;
  const { stream } = layer;
  const { t } = useLocale();
  const video = useRef<HTMLVideoElement>(null);
  const still = useRef<HTMLCanvasElement>(null);
  const watch = useRef<StallWatch | null>(null);
  const [view, setView] = useState<LiveView>({ kind: 'connecting' });
  const supported = canPlayLive();
  useEffect(() => {
    const element = video.current;
    if (!shown || !element || !supported) return;
    let stop: (() => void) | null = null;
    let playing = false;
    const current = watchStalls({
      position: () => (element.readyState >= haveCurrentData ? element.currentTime : 0),
      restart: (fail, frame) => {
        stop?.();
        stop = playLive(
          element,
          apiPath('/live/cameras/{id}/{stream}/socket', { id: cameraId, stream }),
          fail,
          frame,
        );
      },
      onChange: (next) => {
        // The last picture, before a fresh player clears the element: it stays under the message.
        if (playing && next.kind === 'lost' && still.current) drawFrame(element, still.current);
        playing = next.kind === 'playing';
        setView(next);
      },
    });
    watch.current = current;
    return () => {
      watch.current = null;
      current.dispose();
      stop?.();
    };
  }, [cameraId, stream, shown, supported]);

  const status: PlayerStatus = supported ? view.kind : 'offline';
  useEffect(() => {
    if (front && video.current) onStatus?.(status, video.current);
  }, [front, status, onStatus]);
  useEffect(() => {
    if (status === 'playing') onFirstFrame(layer.id);
  }, [status, layer.id, onFirstFrame]);

  return (
    <div className="cfop-live-layer" data-status={status} data-stream={stream} aria-hidden={!front}>
      <video ref={video} className="cfop-live-video" muted autoPlay playsInline />
      <canvas ref={still} className="cfop-live-still" hidden={view.kind !== 'lost'} />
      {!front ? null : !supported ? (
        <div className="cfop-live-status cfop-live-offline" role="alert">
          <strong>{t(texts.offline)}</strong>
          <span className="cfop-live-reason">{t(texts.unsupported)}</span>
        </div>
      ) : view.kind === 'connecting' ? (
        <div className="cfop-live-status">
          <Spin size="small" /> <span>{t(texts.connecting)}</span>
        </div>
      ) : view.kind === 'playing' ? (
        <div className="cfop-live-badge">{t(texts.playing)}</div>
      ) : (
        <div className={`cfop-live-status cfop-live-${view.kind}`} role="alert">
          <strong>{t(view.kind === 'lost' ? signalLostText(view.lostSeconds) : texts.offline)}</strong>
          {view.kind === 'offline' && view.reason !== null && (
            <span className="cfop-live-reason">
              {typeof view.reason === 'string' ? view.reason : t(view.reason)}
            </span>
          )}
          <span className="cfop-live-retry">
            {t(view.retry.inSeconds === null ? texts.reconnecting : retryInText(view.retry.inSeconds))}
          </span>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            onClick={(event) => {
              event.stopPropagation();
              watch.current?.retryNow();
            }}
          >
            {t(texts.retry)}
          </Button>
        </div>
      )}
    </div>
  );
});
