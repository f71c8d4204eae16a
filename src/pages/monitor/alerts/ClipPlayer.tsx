import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { Alert as Notice, Button, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { api, apiPath, BusinessError, call, fetchFileBlob } from '../../../api';
import { useRead } from '../../../api/use-read';
import { saveBlob } from '../../../api/download';
import type { components } from '../../../generated/openapi';
import { dateTimeFormat, useLocale } from '../../../i18n';
import { canPlayRecording, playRecording } from '../../../media/play-recording';
import { footagePlay } from '../../../media/recording-video';
import { cameraFileName } from '../../../media/snapshot';
import { mediaTexts } from '../../../media/media-texts';
import { alertTexts, clipPendingText, clipSpanText } from './alert-texts';

type Clip = components['schemas']['AlertClip'];
type ClipState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'failed'; readonly reason: string | null }
  | { readonly kind: 'loaded'; readonly clip: Clip };

/** A clip still being recorded is asked for again once it should be whole, and not sooner than this. */
const recheckAtLeastMs = 2000;

/**
 * The alert's clip in the drawer: its camera's recording from a little before to a little after
 * the alert, played from its VOD playlist (session headers, no token in a URL), with 下载 MP4 for
 * those who may export video. It says plainly when the camera records nothing, when no recording
 * covers the alert, and when the after-alert part is still being recorded (asked for again once it
 * should be whole).
 */
export default function ClipPlayer(props: {
  alertId: number;
  cameraName: string;
  occurredAt: string;
  mayDownload: boolean;
}) {
  const { t, locale } = useLocale();
  const read = useRead(
    ['/alerts/{id}/clip', props.alertId],
    () =>
      call(api.GET('/alerts/{id}/clip', { params: { path: { id: props.alertId } } }), {
        skipErrorHandler: true,
      }),
    // Asked for again once the segment holding the window's end should be finished.
    {
      readAgainAfter: (clip) =>
        !clip.complete && Math.max(recheckAtLeastMs, Date.parse(clip.readyAt) - Date.now()),
    },
  );
  const [downloading, setDownloading] = useState(false);
  const [shown, setShown] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const clipState: ClipState = read.data
    ? { kind: 'loaded', clip: read.data }
    : read.failed
      ? { kind: 'failed', reason: read.error instanceof BusinessError ? read.error.msg : null }
      : { kind: 'loading' };
  const clock = (time: number | string) =>
    dateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false }).format(
      new Date(time),
    );

  const clip = clipState.kind === 'loaded' ? clipState.clip : null;
  const playable = clip !== null && clip.start !== null;
  const clipEnd = clip?.end ?? null;
  const clipCodecs = clip?.codecs.join(',') ?? '';
  useEffect(() => {
    const element = video.current;
    if (!element || !playable || !canPlayRecording()) return;
    // A grown clip plays again from its start: the time shown is the new player's.
    setShown(null);
    setFailure(null);
    const footage = footagePlay(clipCodecs === '' ? [] : clipCodecs.split(','));
    const query = new URLSearchParams(footage.query).toString();
    const playlist = apiPath('/alerts/{id}/clip/index.m3u8', { id: props.alertId });
    const playback = playRecording(element, query ? `${playlist}?${query}` : playlist, {
      onFailure: (reason) => {
        const said = footage.failure(reason);
        setFailure(typeof said === 'string' ? said : t(said));
      },
    });
    const tick = () => setShown(playback.timeNow());
    element.addEventListener('timeupdate', tick);
    return () => {
      element.removeEventListener('timeupdate', tick);
      playback.stop();
    };
    // A fresh player when the clip has grown (its end moved); not for a language change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.alertId, playable, clipEnd, clipCodecs]);

  const download = async () => {
    setDownloading(true);
    try {
      const blob = await fetchFileBlob(apiPath('/alerts/{id}/clip.mp4', { id: props.alertId }));
      saveBlob(blob, cameraFileName(props.cameraName, new Date(props.occurredAt), 'mp4'));
    } catch {
      // The failure was shown as every call's is (a toast saying why).
    } finally {
      setDownloading(false);
    }
  };

  const message = () => {
    if (clipState.kind === 'loading') {
      return (
        <>
          <Spin size="small" /> {t(alertTexts.clipLoading)}
        </>
      );
    }
    if (clipState.kind === 'failed') {
      return (
        <>
          {clipState.reason ?? t(alertTexts.clipFailed)}{' '}
          <Button size="small" onClick={read.retry}>
            {t(alertTexts.clipRetry)}
          </Button>
        </>
      );
    }
    if (!canPlayRecording()) return t(mediaTexts.unsupported);
    if (clipState.clip.start !== null) return failure;
    if (!clipState.clip.complete) return t(clipPendingText(clock(clipState.clip.readyAt), false));
    return t(clipState.clip.recordingMode === 'off' ? alertTexts.clipNotRecorded : alertTexts.clipNone);
  };
  const said = message();

  return (
    <section className="cfop-alert-clip" aria-label={t(alertTexts.clip)}>
      <div className="cfop-alert-clip-head">
        <strong>{t(alertTexts.clip)}</strong>
        {clip?.start && clip.end && (
          <span className="cfop-alert-clip-time">
            {t(clipSpanText(clock(clip.start), clock(clip.end)))}
            {shown !== null && (
              <>
                {' · '}
                <time data-testid="clip-time" dateTime={new Date(shown).toISOString()}>
                  {clock(shown)}
                </time>
              </>
            )}
          </span>
        )}
        {props.mayDownload && (
          <Button
            size="small"
            icon={<DownloadOutlined />}
            disabled={!playable}
            loading={downloading}
            onClick={() => void download()}
          >
            {t(alertTexts.downloadMp4)}
          </Button>
        )}
      </div>
      {playable && (
        <div className="cfop-alert-clip-stage">
          <video ref={video} muted playsInline controls />
        </div>
      )}
      {playable && clip && !clip.complete && (
        <Notice type="info" showIcon title={t(clipPendingText(clock(clip.readyAt), true))} />
      )}
      {said && <Notice className="cfop-alert-clip-message" type="info" showIcon title={said} />}
    </section>
  );
}
