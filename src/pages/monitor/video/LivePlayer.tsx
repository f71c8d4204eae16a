import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import { Button, Spin } from 'antd';
import { memo, useEffect, useRef, useState } from 'react';
import type { LocalText } from '../../../generated/settings';
import { useLocale } from '../../../i18n';
import { playLive } from './play-live';
import { videoTexts as texts } from './video-texts';
import type { StreamName } from './wall-state';
import { useShown } from './use-shown';

type Status =
  | { readonly kind: 'connecting' }
  | { readonly kind: 'playing' }
  | { readonly kind: 'offline'; readonly reason: string | LocalText };

/** An offline pane tries again by itself after this long, as a camera back on the network should show. */
const retryAfterMs = 15_000;

/**
 * A camera stream's live video and its status (连接中 / 播放中 / 离线 with retry). Its props are the
 * camera and the stream only, and it is memoised: selecting another pane, typing in the tree's
 * search or a new wall query renders nothing here, so the `<video>` and its hls.js stay attached.
 * It plays while on screen, and stops when scrolled away, in a hidden tab, unmounted (pane closed)
 * or hidden with its screen by the shell.
 */
export const LivePlayer = memo(function LivePlayer(props: { cameraId: number; stream: StreamName }) {
  const { cameraId, stream } = props;
  const { t } = useLocale();
  const holder = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const shown = useShown(holder);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>({ kind: 'connecting' });

  useEffect(() => {
    const element = video.current;
    if (!shown || !element) return;
    setStatus({ kind: 'connecting' });
    let retry: ReturnType<typeof setTimeout> | undefined;
    const stop = playLive(element, `/live/cameras/${cameraId}/${stream}/index.m3u8`, {
      onPlaying: () => setStatus({ kind: 'playing' }),
      onFailure: (reason) => {
        setStatus({ kind: 'offline', reason });
        retry = setTimeout(() => setAttempt((count) => count + 1), retryAfterMs);
      },
    });
    return () => {
      clearTimeout(retry);
      stop();
    };
  }, [cameraId, stream, shown, attempt]);

  return (
    <div ref={holder} className="cfop-live-player" data-status={status.kind}>
      <video ref={video} className="cfop-live-video" muted autoPlay playsInline />
      {status.kind === 'connecting' && (
        <div className="cfop-live-status">
          <Spin size="small" /> <span>{t(texts.connecting)}</span>
        </div>
      )}
      {status.kind === 'playing' && <div className="cfop-live-badge">{t(texts.playing)}</div>}
      {status.kind === 'offline' && (
        <div className="cfop-live-status cfop-live-offline" role="alert">
          <strong>{t(texts.offline)}</strong>
          <span className="cfop-live-reason">
            {typeof status.reason === 'string' ? status.reason : t(status.reason)}
          </span>
          <Button
            size="small"
            icon={<ReloadOutlined />}
            onClick={(event) => {
              event.stopPropagation();
              setAttempt((count) => count + 1);
            }}
          >
            {t(texts.retry)}
          </Button>
        </div>
      )}
    </div>
  );
});
