import { realpathSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { firstScreenGroups } from './first-screen-chunks';

// Real files, as the groups resolve them; the graph between them is made up.
const screen = realpathSync('src/pages/login/LoginPage.tsx');
const form = realpathSync('src/pages/login/PasswordLoginForm.tsx');
const input = realpathSync('node_modules/antd/es/input/index.js');
const barrel = realpathSync('node_modules/antd/es/index.js');
const shell = realpathSync('src/shell/AppProviders.tsx');
const button = realpathSync('node_modules/antd/es/button/index.js');
const imports: Record<string, string[]> = {
  [screen]: [form, shell],
  [form]: [barrel, shell],
  [barrel]: [input, button],
  [shell]: [button],
  [input]: [],
  [button]: [],
};
const graph = { getModuleInfo: (id: string) => ({ importedIds: imports[id] ?? [] }) } as never;

function chunkNames(initial: readonly string[]) {
  const [boot, login] = firstScreenGroups({
    module: 'src/pages/login/LoginPage.tsx',
    name: 'login',
    through: ['node_modules/antd/es/input/index.js'],
    notThrough: /node_modules[\\/]antd[\\/]es[\\/]index\.js$/,
  });
  // The bundler names every module of the first group before it forms the second.
  const name = (group: typeof boot, id: string) =>
    typeof group?.name === 'function' ? group.name(id, graph) : null;
  for (const id of initial) expect(name(boot, id)).toBe('boot');
  return Object.fromEntries(Object.keys(imports).map((id) => [id, name(login, id)]));
}

describe('firstScreenGroups', () => {
  it('groups what the screen imports beyond the entry’s modules, short of the barrel, its listed parts included', () => {
    expect(chunkNames([shell, button])).toEqual({
      [screen]: null,
      [form]: 'login',
      [barrel]: null,
      [shell]: null,
      [input]: 'login',
      [button]: null,
    });
  });

  it('follows a module the entry does not import', () => {
    expect(chunkNames([])).toMatchObject({ [shell]: 'login', [button]: 'login', [barrel]: null });
  });
});
