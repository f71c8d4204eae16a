import CameraOutlined from '@ant-design/icons/CameraOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import DragOutlined from '@ant-design/icons/DragOutlined';
import FullscreenExitOutlined from '@ant-design/icons/FullscreenExitOutlined';
import FullscreenOutlined from '@ant-design/icons/FullscreenOutlined';
import { Button, Segmented, Tooltip } from 'antd';
import { memo, useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { useLocale } from '../../../i18n';
import { LivePlayer, type PlayerStatus } from './LivePlayer';
import { PaneOverlay } from './PaneOverlay';
import { PanePtz } from './PanePtz';
import { ptzKeyDown, ptzKeyUp, usePtzHold } from '../../shared/PtzPad';
import { ptzTexts } from '../../shared/ptz-texts';
import { downloadSnapshot } from '../../../media/snapshot';
import { snapshotBlockedText, videoTexts as texts } from './video-texts';
import { shownStream, type StreamName } from '../../../media/wall-state';

/** The drag data type a camera of the tree carries: its id. */
export const cameraDragType = 'application/x-cfop-camera';

export interface PaneActions {
  select(pane: number): void;
  close(pane: number): void;
  drop(pane: number, cameraId: number): void;
  /** Only offered in the single-pane layout. */
  switchStream(stream: StreamName): void;
}

interface VideoPaneProps {
  readonly pane: number;
  /** Primitive props (no object made per render), so the memo compares them by value. */
  readonly cameraId: number | null;
  readonly cameraName: string;
  /** The wall's stream for this pane. */
  readonly stream: StreamName;
  /** Its camera has a sub stream of its own: full screen plays the main one. */
  readonly hasSubStream: boolean;
  readonly selected: boolean;
  /** The single-pane layout: the stream switch shows. */
  readonly single: boolean;
  /** The user may steer its camera (paneCanSteer): the PTZ pad is offered. */
  readonly steerable: boolean;
  /** Stable for the life of the wall, so a pane renders only when its own props change. */
  readonly actions: PaneActions;
}

/**
 * One pane of the wall: its frame (selection, drop target, tools) around the memoised player and
 * overlay. Selecting it renders the frame again; the player inside keeps playing untouched.
 */
export const VideoPane = memo(function VideoPane(props: VideoPaneProps) {
  const { pane, cameraId, cameraName, stream, hasSubStream, selected, single, steerable, actions } = props;
  const { t } = useLocale();
  const frame = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen(frame);
  const [dropping, setDropping] = useState(false);
  const [player, setPlayer] = useState<{ status: PlayerStatus; video: HTMLVideoElement } | null>(null);
  const onStatus = useCallback(
    (status: PlayerStatus, video: HTMLVideoElement) => setPlayer({ status, video }),
    [],
  );
  const status = player?.status ?? 'connecting';
  const playingVideo = player?.status === 'playing' ? player.video : null;
  const snapshotTip = status === 'playing' ? texts.snapshot : snapshotBlockedText(status);
  // The pad is open for the camera it was opened on: another camera in the pane closes it.
  const [ptzFor, setPtzFor] = useState<number | null>(null);
  const ptzOpen = steerable && cameraId !== null && ptzFor === cameraId;
  const pad = usePtzHold(ptzOpen ? cameraId : null);

  const onDragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes(cameraDragType)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDropping(true);
  };
  const onDrop = (event: DragEvent) => {
    setDropping(false);
    const id = Number(event.dataTransfer.getData(cameraDragType));
    if (!Number.isInteger(id) || id < 1) return;
    event.preventDefault();
    actions.drop(pane, id);
  };
  const classes = ['cfop-pane', selected && 'cfop-pane-selected', dropping && 'cfop-pane-dropping'];

  return (
    <div
      ref={frame}
      className={classes.filter(Boolean).join(' ')}
      data-pane={pane}
      aria-selected={selected}
      role="gridcell"
      tabIndex={selected ? 0 : -1}
      onClick={() => actions.select(pane)}
      // While the pad is open the arrow keys, + and − steer the pane's camera (not the selection),
      // and the focus leaving the pane ends a hold.
      onKeyDown={(event) => pad && ptzKeyDown(pad, event) && event.stopPropagation()}
      onKeyUp={(event) => pad && ptzKeyUp(pad, event) && event.stopPropagation()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) pad?.release();
      }}
      onDragOver={onDragOver}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
    >
      {cameraId !== null ? (
        <>
          <LivePlayer
            cameraId={cameraId}
            stream={shownStream({ stream, single, fullScreen: fullScreen.active, hasSubStream })}
            onStatus={onStatus}
          />
          <PaneOverlay cameraId={cameraId} name={cameraName} />
          {pad && <PanePtz cameraId={cameraId} pad={pad} />}
          <div className="cfop-pane-tools" onClick={(event) => event.stopPropagation()}>
            {single && (
              <Segmented<StreamName>
                size="small"
                value={stream}
                onChange={actions.switchStream}
                options={[
                  { value: 'main', label: t(texts.mainStream) },
                  { value: 'sub', label: t(texts.subStream) },
                ]}
              />
            )}
            {steerable && (
              <Tooltip title={t(ptzTexts.ptz)}>
                <Button
                  size="small"
                  type="text"
                  aria-label={t(ptzTexts.ptz)}
                  aria-pressed={ptzOpen}
                  className={ptzOpen ? 'cfop-pane-tool-on' : undefined}
                  icon={<DragOutlined />}
                  onClick={() => setPtzFor(ptzOpen ? null : cameraId)}
                />
              </Tooltip>
            )}
            <Tooltip title={t(snapshotTip)}>
              {/* React gives a disabled button no hover: its holder takes it, so the reason shows. */}
              <span className="cfop-pane-tool">
                <Button
                  size="small"
                  type="text"
                  aria-label={t(texts.snapshot)}
                  icon={<CameraOutlined />}
                  disabled={playingVideo === null}
                  onClick={() => playingVideo && downloadSnapshot(playingVideo, cameraName)}
                />
              </span>
            </Tooltip>
            <Tooltip title={t(fullScreen.active ? texts.exitFullScreen : texts.fullScreen)}>
              <Button
                size="small"
                type="text"
                aria-label={t(fullScreen.active ? texts.exitFullScreen : texts.fullScreen)}
                icon={fullScreen.active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
                onClick={fullScreen.toggle}
              />
            </Tooltip>
            <Tooltip title={t(texts.close)}>
              <Button
                size="small"
                type="text"
                aria-label={t(texts.close)}
                icon={<CloseOutlined />}
                onClick={() => actions.close(pane)}
              />
            </Tooltip>
          </div>
        </>
      ) : (
        <div className="cfop-pane-empty">
          <span className="cfop-pane-number">{pane + 1}</span>
          <span>{t(texts.emptyPane)}</span>
        </div>
      )}
    </div>
  );
});

/** The element shown full screen (the pane alone), and whether it is now. */
function useFullScreen(ref: React.RefObject<HTMLElement | null>) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () =>
      setActive(document.fullscreenElement !== null && document.fullscreenElement === ref.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [ref]);
  return {
    active,
    toggle: () => {
      if (document.fullscreenElement) void document.exitFullscreen();
      else void ref.current?.requestFullscreen();
    },
  };
}
