import { describe, expect, it } from 'vitest';
import type { BuildManifest } from '../../build/chunk-graph';
import { measureBudgets, type BudgetPlan } from './route-costs';

const KB = 1024;
const manifest: BuildManifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/pages/login/LoginPage.tsx'],
  },
  '_react.js': { file: 'assets/react.js' },
  '_antd.js': { file: 'assets/antd.js', imports: ['_react.js'] },
  '_crud.js': { file: 'assets/crud.js', imports: ['_antd.js'] },
  'src/pages/login/LoginPage.tsx': {
    file: 'assets/login.js',
    src: 'src/pages/login/LoginPage.tsx',
    isDynamicEntry: true,
    imports: ['_antd.js'],
  },
  'src/shell/Layout.tsx': {
    file: 'assets/layout.js',
    src: 'src/shell/Layout.tsx',
    isDynamicEntry: true,
    imports: ['_antd.js'],
  },
  'src/pages/home/HomePage.tsx': {
    file: 'assets/home.js',
    src: 'src/pages/home/HomePage.tsx',
    isDynamicEntry: true,
  },
  'src/pages/a/A.tsx': {
    file: 'assets/a.js',
    src: 'src/pages/a/A.tsx',
    isDynamicEntry: true,
    imports: ['_crud.js'],
  },
  'src/pages/b/B.tsx': {
    file: 'assets/b.js',
    src: 'src/pages/b/B.tsx',
    isDynamicEntry: true,
    imports: ['_crud.js'],
  },
  'src/pages/dash/Dash.tsx': {
    file: 'assets/dash.js',
    src: 'src/pages/dash/Dash.tsx',
    isDynamicEntry: true,
    dynamicImports: ['_charts.js'],
  },
  '_charts.js': { file: 'assets/charts.js', isDynamicEntry: true },
};
const sizes = new Map(
  Object.entries({
    'assets/index.js': 10,
    'assets/react.js': 60,
    'assets/antd.js': 100,
    'assets/crud.js': 40,
    'assets/login.js': 5,
    'assets/layout.js': 20,
    'assets/home.js': 4,
    'assets/a.js': 3,
    'assets/b.js': 45,
    'assets/dash.js': 2,
    'assets/charts.js': 300,
  }).map(([f, kb]) => [f, kb * KB]),
);
const chunkModules = {
  'assets/charts.js': ['node_modules/echarts/index.js'],
  'assets/index.js': ['src/main.tsx'],
};
const plan: BudgetPlan = {
  loginPage: 'src/pages/login/LoginPage.tsx',
  shellModules: ['src/shell/Layout.tsx'],
  homePage: 'src/pages/home/HomePage.tsx',
  screens: [
    { path: '/a', sources: ['src/pages/a/A.tsx'] },
    { path: '/b', sources: ['src/pages/b/B.tsx'] },
  ],
  otherScreens: [{ path: '/dash', sources: ['src/pages/dash/Dash.tsx'], limit: 250 * KB }],
  libraries: [{ name: 'ECharts', module: /node_modules\/echarts\//, routes: ['/dash'] }],
  limits: { login: 200 * KB, home: 300 * KB, firstScreen: 450 * KB, furtherScreen: 30 * KB },
};

describe('measureBudgets', () => {
  it('sums each journey cumulatively, counting shared chunks once', () => {
    const { rows } = measureBudgets(manifest, sizes, chunkModules, plan);
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r.bytes / KB]));
    expect(byLabel['/user/login (first load)']).toBe(10 + 60 + 100 + 5);
    expect(byLabel['/home after sign-in (cumulative)']).toBe(175 + 20 + 4);
    expect(byLabel['/a as first screen (cumulative)']).toBe(199 + 40 + 3);
    expect(byLabel['/a as a further screen (adds)']).toBe(3);
    expect(byLabel['/b as a further screen (adds)']).toBe(45);
    expect(byLabel['/dash (cumulative)']).toBe(199 + 2);
  });

  it('shows what on-demand parts would add, without holding them to a budget', () => {
    const { rows } = measureBudgets(manifest, sizes, chunkModules, plan);
    const lazy = rows.filter((r) => r.label.includes('on-demand'));
    expect(lazy.map((r) => [r.label, r.bytes / KB, r.limit])).toEqual([
      ['/dash with on-demand parts (no budget)', 199 + 2 + 300, null],
    ]);
  });

  it('names the route and the bytes over budget', () => {
    const { failures } = measureBudgets(manifest, sizes, chunkModules, plan);
    expect(failures).toEqual(['/b as a further screen (adds): 45.0 KB is 15.0 KB over the 30.0 KB budget']);
  });

  it('holds a monitoring screen to its own budget, its libraries counted where they load', () => {
    const eager = {
      ...manifest,
      'src/pages/dash/Dash.tsx': { ...manifest['src/pages/dash/Dash.tsx'], imports: ['_charts.js'] },
    };
    const { failures } = measureBudgets(eager as BuildManifest, sizes, chunkModules, plan);
    expect(failures).toContain('/dash (cumulative): 501.0 KB is 251.0 KB over the 250.0 KB budget');
  });

  it('fails when the login page grows past its budget', () => {
    const bigger = new Map(sizes).set('assets/login.js', 31 * KB);
    const { failures } = measureBudgets(manifest, bigger, chunkModules, plan);
    expect(failures).toContain('/user/login (first load): 201.0 KB is 1.0 KB over the 200.0 KB budget');
  });

  it('accepts a heavy library reached lazily from its own screen only', () => {
    expect(measureBudgets(manifest, sizes, chunkModules, plan).failures).not.toContainEqual(
      expect.stringContaining('ECharts'),
    );
  });

  it('fails when a heavy library lands in the shell or in another screen', () => {
    const inShell = { 'assets/layout.js': ['node_modules/echarts/core.js'] };
    expect(measureBudgets(manifest, sizes, inShell, plan).failures).toContain(
      'ECharts is in the shell: assets/layout.js loads before any screen',
    );
    const inCrud = { 'assets/crud.js': ['node_modules/echarts/core.js'] };
    expect(measureBudgets(manifest, sizes, inCrud, plan).failures).toContain(
      'ECharts (assets/crud.js) is loaded by /a, /b',
    );
  });

  it('counts every module a route loads: the generic screen and its descriptor', () => {
    const described: BuildManifest = {
      ...manifest,
      'src/generated/resources/a.ts': {
        file: 'assets/a-descriptor.js',
        src: 'src/generated/resources/a.ts',
        isDynamicEntry: true,
      },
    };
    const withDescriptor = new Map(sizes).set('assets/a-descriptor.js', 2 * KB);
    const screens = [{ path: '/a', sources: ['src/pages/a/A.tsx', 'src/generated/resources/a.ts'] }];
    const { rows } = measureBudgets(described, withDescriptor, chunkModules, { ...plan, screens });
    const byLabel = Object.fromEntries(rows.map((r) => [r.label, r.bytes / KB]));
    expect(byLabel['/a as first screen (cumulative)']).toBe(199 + 40 + 3 + 2);
  });
});
