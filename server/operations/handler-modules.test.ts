import { describe, expect, it } from 'vitest';
import { handlersOf, oneHandlerEach } from './handler-modules';

describe('handler modules', () => {
  const getCamera = async () => null;

  it('joins the modules, a function of the hooks given them', () => {
    const table = oneHandlerEach({
      'server/a/a-operations.ts': handlersOf({ hook: 'given' }, { getCamera }),
      'server/b/b-operations.ts': handlersOf({ hook: 'given' }, ({ hook }: { hook: string }) => ({
        listCameras: async () => hook,
      })),
    });
    expect(Object.keys(table)).toEqual(['getCamera', 'listCameras']);
  });

  it('refuses an operation two modules handle, naming both files', () => {
    expect(() =>
      oneHandlerEach({
        'server/a/a-operations.ts': { getCamera },
        'server/b/b-operations.ts': { getCamera },
      }),
    ).toThrow(
      'operation getCamera has two server handlers: in server/a/a-operations.ts and in server/b/b-operations.ts',
    );
  });
});
