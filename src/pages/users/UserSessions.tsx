import { Divider, Typography } from 'antd';
import { api, BusinessError, call, getFieldErrors, toast } from '../../api';
import { useRead } from '../../api/use-read';
import { useLocale } from '../../i18n';
import { SessionList } from '../shared/SessionList';

const texts = {
  title: { zh: '登录会话', en: 'Sessions' },
  ended: { zh: '已结束该会话', en: 'The session has ended' },
  failed: { zh: '登录会话加载失败', en: 'The sessions could not be loaded' },
};

/**
 * 用户管理 → a user's detail: their open sessions, each with its end. The server refuses the
 * caller's own and a stronger user's (naming `id`); that reason stands here instead of the list.
 */
export default function UserSessions({ userId }: { userId: number }) {
  const { t } = useLocale();
  const read = useRead(['/users/{id}/sessions', userId], () =>
    call(api.GET('/users/{id}/sessions', { params: { path: { id: userId } } }), { formFields: ['id'] }),
  );
  const refused = read.failed ? refusalOf(read.error, t(texts.failed)) : null;

  const end = async (sessionId: string) => {
    await call(
      api.POST('/users/{id}/sessions/{sessionId}/end', { params: { path: { id: userId, sessionId } } }),
    );
    toast('success', t(texts.ended));
    read.retry();
  };

  return (
    <section>
      <Divider />
      <Typography.Title level={5}>{t(texts.title)}</Typography.Title>
      {refused === null ? (
        <SessionList
          label={t(texts.title)}
          sessions={read.data}
          onEnd={(session) => void end(session.id).catch(() => {})}
        />
      ) : (
        <Typography.Text type="secondary">{refused}</Typography.Text>
      )}
    </section>
  );
}

/** The server's sentence when it refused naming `id` (told nowhere else), else `otherwise`. */
function refusalOf(error: unknown, otherwise: string): string {
  return error instanceof BusinessError && getFieldErrors(error).id !== undefined ? error.msg : otherwise;
}
