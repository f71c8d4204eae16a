import RightOutlined from '@ant-design/icons/RightOutlined';
import { Empty } from 'antd';
import { createElement, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import type { LocalText } from '../../generated/settings';
import { useLocale } from '../../i18n';

export interface ScreenLink {
  readonly path: string;
  readonly name: LocalText;
  readonly icon: ComponentType | null;
  /** A second line, e.g. the group the screen belongs to. */
  readonly caption?: LocalText;
}

const noScreensText = { zh: '暂无可访问的页面', en: 'No screens available to you here' };

/** A grid of tiles, one per screen, for the home page's shortcuts and the group pages. */
export function ScreenLinks({ links }: { links: readonly ScreenLink[] }) {
  const { t } = useLocale();
  if (links.length === 0) return <Empty description={t(noScreensText)} />;
  return (
    <ul className="cfop-screen-links">
      {links.map((link) => (
        <li key={link.path}>
          <Link to={link.path} className="cfop-screen-link">
            <span className="cfop-screen-link-icon">{link.icon ? createElement(link.icon) : null}</span>
            <span className="cfop-screen-link-text">
              <span className="cfop-screen-link-name">{t(link.name)}</span>
              {link.caption ? <span className="cfop-screen-link-caption">{t(link.caption)}</span> : null}
            </span>
            <RightOutlined className="cfop-screen-link-arrow" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
