import { Tag } from 'antd';
import type { components } from '../../generated/openapi';
import { dateTimeFormat, useLocale } from '../../i18n';
import { ConfirmButton } from './ConfirmButton';

export type SessionInfo = components['schemas']['SessionInfo'];

const texts = {
  address: { zh: '地址', en: 'Address' },
  signedIn: { zh: '登录时间', en: 'Signed in' },
  lastUse: { zh: '最近使用', en: 'Last used' },
  current: { zh: '当前会话', en: 'This session' },
  end: { zh: '结束此会话', en: 'End this session' },
  endAsk: { zh: '该设备将立即退出登录。确定结束？', en: 'That device is signed out at once. End it?' },
  none: { zh: '暂无登录会话', en: 'No open sessions' },
};

/**
 * Open sessions (device, address, sign-in, last use), each with its end: the personal centre's own
 * and 用户管理's view of another user's. Nothing shows until `sessions` is read.
 */
export function SessionList(props: {
  readonly label: string;
  readonly sessions: readonly SessionInfo[] | undefined;
  readonly onEnd: (session: SessionInfo) => void;
}) {
  const { t, locale } = useLocale();
  const format = (at: string) =>
    dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  if (props.sessions?.length === 0) return <p className="cfop-session-facts">{t(texts.none)}</p>;
  return (
    // A plain list: antd's Table here would split the management screens' shared chunks anew.
    <ul className="cfop-session-list" aria-label={props.label}>
      {(props.sessions ?? []).map((row) => (
        <li key={row.id} className="cfop-session">
          <div>
            <strong>{row.device}</strong> {row.current && <Tag color="blue">{t(texts.current)}</Tag>}
            <div className="cfop-session-facts">
              {t(texts.address)} {row.address} · {t(texts.signedIn)} {format(row.createdAt)} ·{' '}
              {t(texts.lastUse)} {format(row.lastActiveAt)}
            </div>
          </div>
          <ConfirmButton link label={t(texts.end)} ask={t(texts.endAsk)} onConfirm={() => props.onEnd(row)} />
        </li>
      ))}
    </ul>
  );
}
