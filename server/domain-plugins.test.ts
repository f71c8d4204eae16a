import { describe, expect, it } from 'vitest';
import { startTestApp } from './test-support/test-app';

describe("the domains' part of the app", () => {
  it('registers each domain’s jobs and event sources as a plugin of its own, by name', async () => {
    const t = await startTestApp();
    for (const name of [
      'console event streams',
      'alert jobs',
      'camera jobs',
      'notification jobs',
      'recording jobs',
    ])
      expect(t.app.hasPlugin(name), name).toBe(true);
  });
});
