import { assertNotLocked, clearFailures, recordFailure } from '../auth/login-lockout';
import { decoyHash, verifyPassword } from '../auth/password-hash';
import { revokeSession, signIn } from '../auth/sessions';
import { ApiError } from '../http/api-error';
import { consumeSmsCode, issueSmsCode, wrongSmsCode } from '../sms/sms-codes';
import { requireSession, type OperationHandlers } from './operation-handler';
import type { PasswordLogin, SmsCodeRequest, SmsLogin } from './payloads';

const wrongCredentials = () =>
  new ApiError('1001', { zh: '用户名或密码错误', en: 'Wrong user name or password' });

const accountDisabled = () =>
  new ApiError('1001', {
    zh: '该账号已停用，请联系管理员',
    en: 'This account is disabled; ask an administrator',
  });

export const signInOperations: OperationHandlers = {
  async loginByPassword(input, ctx) {
    const { username, password } = input.body as PasswordLogin;
    input.audit.target = username;
    await assertNotLocked(ctx, username);
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'status', 'password_hash'])
      .where('username', '=', username)
      .executeTakeFirst();
    // An unknown name is checked against a decoy hash, so it costs the same time as a wrong password.
    const matches = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!user || !matches) {
      await recordFailure(ctx, username);
      throw wrongCredentials();
    }
    if (user.status !== 'enabled') throw accountDisabled();
    await clearFailures(ctx.db, username);
    input.audit.actor = { userId: user.id, username };
    return signIn(ctx, user.id, input.client);
  },

  async sendSmsCode(input, ctx) {
    const { phone } = input.body as SmsCodeRequest;
    input.audit.target = phone;
    return issueSmsCode(ctx, phone);
  },

  async loginBySms(input, ctx) {
    const { phone, code } = input.body as SmsLogin;
    input.audit.target = phone;
    if (!(await consumeSmsCode(ctx, phone, code))) throw wrongSmsCode();
    const user = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'status'])
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (!user) throw wrongSmsCode();
    if (user.status !== 'enabled') throw accountDisabled();
    input.audit.actor = { userId: user.id, username: user.username };
    return signIn(ctx, user.id, input.client);
  },

  async logout(input, ctx) {
    await revokeSession(ctx, requireSession(input).tokenHash);
    return null;
  },
};
