import VideoCameraOutlined from '@ant-design/icons/VideoCameraOutlined';
import { Button, Tooltip } from 'antd';
import { useLocale } from '../../../i18n';
import { useSession } from '../../../session';
import { useRouterNavigate } from '../../../session/screen-location';
import { isPlainClick } from '../../shared/plain-click';
import { liveLinkOf } from '../video/live-link';
import { alertTexts } from './alert-texts';

/**
 * 查看实时视频: the video wall playing the alert's camera alone. A link (open in a new tab works)
 * that the router follows; none for an alert without a camera or an operator without the wall.
 * `compact` is the card's icon, its name in a tooltip.
 */
export function LiveVideoButton(props: { cameraId: number | null; compact?: boolean }) {
  const { t } = useLocale();
  const { canOpen } = useSession();
  const navigate = useRouterNavigate();
  const link = liveLinkOf(props.cameraId, canOpen);
  if (link === null) return null;
  const name = t(alertTexts.viewLive);
  const button = (
    <Button
      size="small"
      className="cfop-alert-live"
      href={link}
      icon={<VideoCameraOutlined />}
      aria-label={name}
      // Not the card's click or Enter, which open the drawer.
      onKeyDown={(event) => event.stopPropagation()}
      onClick={(event) => {
        event.stopPropagation();
        if (!isPlainClick(event)) return;
        event.preventDefault();
        navigate(link);
      }}
    >
      {props.compact ? null : name}
    </Button>
  );
  return props.compact ? <Tooltip title={name}>{button}</Tooltip> : button;
}
