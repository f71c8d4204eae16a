import { Card, Tag } from 'antd';
import { api, call, toast } from '../../api';
import type { components } from '../../generated/openapi';
import { dateTimeFormat, useLocale } from '../../i18n';
import { useSession } from '../../session';
import { ConfirmButton } from './ConfirmButton';
import { useLoaded } from './use-loaded';

type SessionInfo = components['schemas']['SessionInfo'];

const texts = {
  title: { zh: '登录会话', en: 'Sessions' },
  address: { zh: '地址', en: 'Address' },
  signedIn: { zh: '登录时间', en: 'Signed in' },
  lastUse: { zh: '最近使用', en: 'Last used' },
  current: { zh: '当前会话', en: 'This session' },
  end: { zh: '结束此会话', en: 'End this session' },
  endAsk: { zh: '该设备将立即退出登录。确定结束？', en: 'That device is signed out at once. End it?' },
  endOthers: { zh: '结束其他全部会话', en: 'End all others' },
  endOthersAsk: {
    zh: '除当前会话外，其他设备都将立即退出登录。确定？',
    en: 'Every other device is signed out at once. Go on?',
  },
  ended: (n: number) => ({ zh: `已结束 ${n} 个会话`, en: `Ended ${n} session${n === 1 ? '' : 's'}` }),
};

/** 个人中心 → 登录会话: the user's open sessions, each one's end, and the end of all but this one. */
export function SessionsCard() {
  const { t, locale } = useLocale();
  const { logout } = useSession();
  const sessions = useLoaded(listSessions);
  const format = (at: string) =>
    dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));

  // Ending this session is signing out.
  const end = async (session: SessionInfo) => {
    if (session.current) return logout();
    await call(api.POST('/user/sessions/{sessionId}/end', { params: { path: { sessionId: session.id } } }));
    sessions.reload();
  };
  const endOthers = async () => {
    const { ended } = await call(api.POST('/user/sessions/end-others'));
    toast('success', t(texts.ended(ended)));
    sessions.reload();
  };

  return (
    <Card
      variant="borderless"
      title={t(texts.title)}
      extra={
        <ConfirmButton
          label={t(texts.endOthers)}
          ask={t(texts.endOthersAsk)}
          onConfirm={() => void endOthers().catch(() => {})}
        />
      }
    >
      {/* A plain list: antd's Table here would split the management screens' shared chunks anew. */}
      <ul className="cfop-session-list" aria-label={t(texts.title)}>
        {(sessions.value ?? []).map((row) => (
          <li key={row.id} className="cfop-session">
            <div>
              <strong>{row.device}</strong> {row.current && <Tag color="blue">{t(texts.current)}</Tag>}
              <div className="cfop-session-facts">
                {t(texts.address)} {row.address} · {t(texts.signedIn)} {format(row.createdAt)} ·{' '}
                {t(texts.lastUse)} {format(row.lastActiveAt)}
              </div>
            </div>
            <ConfirmButton
              link
              label={t(texts.end)}
              ask={t(texts.endAsk)}
              onConfirm={() => void end(row).catch(() => {})}
            />
          </li>
        ))}
      </ul>
    </Card>
  );
}

function listSessions() {
  return call(api.GET('/user/sessions'));
}
