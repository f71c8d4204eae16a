import HistoryOutlined from '@ant-design/icons/HistoryOutlined';
import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import { Button } from 'antd';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { LocalText } from '../../../generated/settings';
import { useLocale } from '../../../i18n';
import { useSession } from '../../../session';
import { useRouterNavigate } from '../../../session/screen-location';
import { withFromAlert } from '../../../session/alert-return';
import { isPlainClick } from '../../../session/plain-click';
import { liveLinkOf, playbackLinkOf } from '../../../media/live-link';
import { alertTexts } from './alert-texts';

/**
 * A link (open in a new tab works) that the router follows, inside a card whose click opens the
 * drawer. `compact` is the card's icon, its name in the link's title.
 */
function VideoLink(props: { link: string | null; name: LocalText; icon: ReactNode; compact?: boolean }) {
  const { t } = useLocale();
  const navigate = useRouterNavigate();
  const { link } = props;
  if (link === null) return null;
  const name = t(props.name);
  const follow = {
    href: link,
    'aria-label': name,
    // Not the card's click or Enter, which open the drawer.
    onKeyDown: (event: KeyboardEvent) => event.stopPropagation(),
    onClick: (event: MouseEvent<HTMLElement>) => {
      event.stopPropagation();
      if (!isPlainClick(event)) return;
      event.preventDefault();
      navigate(link);
    },
  };
  // A card's icon is a plain link with the browser's own tooltip: a wall re-renders dozens of cards
  // a second in a burst, and an antd Button with a Tooltip in each tripled the wall's cost per alert.
  if (props.compact)
    return (
      <a className="cfop-alert-live cfop-alert-live-icon" title={name} {...follow}>
        {props.icon}
      </a>
    );
  return (
    <Button size="small" className="cfop-alert-live" icon={props.icon} {...follow}>
      {name}
    </Button>
  );
}

/** The link marked with the alert it was opened from, whose screen then offers 返回告警. */
function fromAlert(link: string | null, alertId: number): string | null {
  return link === null ? null : withFromAlert(link, alertId);
}

/**
 * 查看实时视频: the video wall playing the alert's camera alone; none for an alert without a camera
 * or an operator without the wall.
 */
export function LiveVideoButton(props: { alertId: number; cameraId: number | null; compact?: boolean }) {
  const { canOpen } = useSession();
  return (
    <VideoLink
      link={fromAlert(liveLinkOf(props.cameraId, canOpen), props.alertId)}
      name={alertTexts.viewLive}
      icon={<VideoCameraOutlined />}
      compact={props.compact}
    />
  );
}

/** 查看录像: the playback screen on the alert's camera, a few seconds before the alert. */
export function PlaybackButton(props: {
  alertId: number;
  cameraId: number | null;
  at: string;
  compact?: boolean;
}) {
  const { canOpen } = useSession();
  return (
    <VideoLink
      link={fromAlert(playbackLinkOf(props.cameraId, props.at, canOpen), props.alertId)}
      name={alertTexts.viewRecording}
      icon={<HistoryOutlined />}
      compact={props.compact}
    />
  );
}
