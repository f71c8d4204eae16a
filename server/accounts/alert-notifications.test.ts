import { describe, expect, it } from 'vitest';
import { addUser, startTestApp } from '../test-support/test-app';

describe("a user's switch for desktop alert notifications", () => {
  it('is off at first, set by the user alone, and remembered across sign-ins', async () => {
    const t = await startTestApp();
    await addUser(t.dataDir, { username: 'watcher', password: 'Watcher123' });
    await addUser(t.dataDir, { username: 'other', password: 'Other12345' });
    const token = await t.signIn('watcher', 'Watcher123');
    const before = await t.call('getCurrentUser', { token });
    expect(before.body.data.alertNotifications).toBe(false);

    const set = await t.call('setAlertNotifications', { token, body: { enabled: true } });
    expect(set.body.data).toMatchObject({ userName: 'watcher', alertNotifications: true });

    const again = await t.signIn('watcher', 'Watcher123');
    expect((await t.call('getCurrentUser', { token: again })).body.data.alertNotifications).toBe(true);
    const other = await t.signIn('other', 'Other12345');
    expect((await t.call('getCurrentUser', { token: other })).body.data.alertNotifications).toBe(false);

    const refused = await t.call('setAlertNotifications', { token, body: { enabled: 'yes' } });
    expect(refused.status).toBe(400);
  });
});
