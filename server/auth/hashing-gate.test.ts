import { describe, expect, it } from 'vitest';
import { ApiError } from '../kernel/api-error';
import { createHashingGate } from './hashing-gate';

/** A task that runs until `finish` is called, recording when it started. */
function controlledTasks(started: string[]) {
  const finishers = new Map<string, () => void>();
  const task = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      finishers.set(name, () => resolve(name));
    });
  const finish = async (name: string) => {
    finishers.get(name)?.();
    // Lets the gate hand the slot on.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { task, finish };
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ApiError ? { code: error.code, msg: error.text.zh } : error),
  );

describe('the password hashing gate', () => {
  it('runs at most its slots at once and gives a free slot to the address running least', async () => {
    const started: string[] = [];
    const { task, finish } = controlledTasks(started);
    const gate = createHashingGate({ slots: 1, maxWaiting: 10, perAddress: 3 });
    const flood = ['a1', 'a2', 'a3'].map((name) => gate.run('10.0.0.1', task(name)));
    const real = gate.run('10.0.0.2', task('b1'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a1']);
    await finish('a1');
    expect(started).toEqual(['a1', 'b1']);
    await finish('b1');
    expect(await real).toBe('b1');
    await finish('a2');
    await finish('a3');
    expect(await Promise.all(flood)).toEqual(['a1', 'a2', 'a3']);
  });

  it('refuses at once beyond an address’s share (429) and beyond the queue (503), saying when to retry', async () => {
    const started: string[] = [];
    const { task, finish } = controlledTasks(started);
    const gate = createHashingGate({ slots: 1, maxWaiting: 2, perAddress: 2 });
    const admitted = [gate.run('10.0.0.1', task('a1')), gate.run('10.0.0.1', task('a2'))];
    expect(await refusal(gate.run('10.0.0.1', task('a3')))).toEqual({
      code: '429',
      msg: expect.stringMatching(/^此地址同时提交的密码校验过多，请 \d+ 秒后重试$/),
    });
    admitted.push(gate.run('10.0.0.2', task('b1')));
    expect(await refusal(gate.run('10.0.0.3', task('c1')))).toEqual({
      code: '503',
      msg: expect.stringMatching(/^服务器繁忙，请 \d+ 秒后重试$/),
    });
    for (const name of ['a1', 'b1', 'a2']) await finish(name);
    expect(await Promise.all(admitted)).toEqual(['a1', 'a2', 'b1']);
    expect(started).toEqual(['a1', 'b1', 'a2']);
  });
});
