import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import { Button } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useLocale } from '../../../i18n';
import { useSession } from '../../../session';
import { useRouterNavigate } from '../../../session/screen-location';
import { isPlainClick } from '../../shared/plain-click';
import { liveLinkOf } from '../video/live-link';
import { alertTexts } from './alert-texts';

/**
 * 查看实时视频: the video wall playing the alert's camera alone. A link (open in a new tab works)
 * that the router follows; none for an alert without a camera or an operator without the wall.
 * `compact` is the card's icon, its name in the link's title.
 */
export function LiveVideoButton(props: { cameraId: number | null; compact?: boolean }) {
  const { t } = useLocale();
  const { canOpen } = useSession();
  const navigate = useRouterNavigate();
  const link = liveLinkOf(props.cameraId, canOpen);
  if (link === null) return null;
  const name = t(alertTexts.viewLive);
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
        <VideoCameraOutlined />
      </a>
    );
  return (
    <Button size="small" className="cfop-alert-live" icon={<VideoCameraOutlined />} {...follow}>
      {name}
    </Button>
  );
}
