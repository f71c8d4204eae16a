import { Card } from 'antd';
import { api, call, toast } from '../../api';
import { useLocale } from '../../i18n';
import { useSession } from '../../session';
import { ConfirmButton } from '../shared/ConfirmButton';
import { SessionList, type SessionInfo } from '../shared/SessionList';
import { useLoaded } from './use-loaded';

const texts = {
  title: { zh: '登录会话', en: 'Sessions' },
  endOthers: { zh: '结束其他全部会话', en: 'End all others' },
  endOthersAsk: {
    zh: '除当前会话外，其他设备都将立即退出登录。确定？',
    en: 'Every other device is signed out at once. Go on?',
  },
  ended: (n: number) => ({ zh: `已结束 ${n} 个会话`, en: `Ended ${n} session${n === 1 ? '' : 's'}` }),
};

/** 个人中心 → 登录会话: the user's open sessions, each one's end, and the end of all but this one. */
export function SessionsCard() {
  const { t } = useLocale();
  const { logout } = useSession();
  const sessions = useLoaded(listSessions);

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
      <SessionList
        label={t(texts.title)}
        sessions={sessions.value}
        onEnd={(session) => void end(session).catch(() => {})}
      />
    </Card>
  );
}

function listSessions() {
  return call(api.GET('/user/sessions'));
}
