import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { InputError, inputFiles, loadInputs, type Inputs } from './inputs';
import { makeTempRepo, messages, messagesAfter, type Json } from './test-support';
import { closeParkingLot, parkingLotClosePath } from '../server/test-support/parking-lot-operation';

let repo: ReturnType<typeof makeTempRepo>;
let good: Inputs;

beforeAll(() => {
  repo = makeTempRepo();
  good = loadInputs(repo.rootDir);
});
afterAll(() => repo.cleanup());

/** Messages for the good inputs after `change` edits a copy of the manifest. */
function afterManifestEdit(change: (manifest: Json) => void): string[] {
  return messagesAfter(good, { manifest: change });
}

const routeProperties =
  'path, name, icon, modules, access, hideInMenu, hideInBreadcrumb, layout, redirect, page, resource, children';
const routeForms =
  'with "redirect" without "page" or "children" or "resource"; with "page" without "redirect"; with "resource" without "redirect" or "page" or "children"';
const pathPattern = '^/([a-z0-9][a-z0-9-]*(/[a-z0-9][a-z0-9-]*)*)?$';
const inManifest = 'not in manifest/console.json accessKeys';

describe('validate', () => {
  it('accepts the repo manifest and openapi.yaml', () => {
    expect(messages(good)).toEqual([]);
  });

  describe('schema (ajv)', () => {
    it('names an unknown property at its own pointer', () => {
      expect(afterManifestEdit((m) => (m.routes[2].title = 'x'))).toEqual([
        `manifest/console.json#/routes/2/title: unknown property "title" (allowed: ${routeProperties})`,
      ]);
    });

    it('rejects a path that is neither absolute kebab nor "*"', () => {
      expect(afterManifestEdit((m) => (m.routes[4].children[0].path = '/equipment/AI Server'))).toEqual([
        `manifest/console.json#/routes/4/children/0/path: "/equipment/AI Server" matches none of the allowed forms: a string matching ${pathPattern}; equal to "*"`,
      ]);
    });

    it('rejects a route with both a page and a redirect', () => {
      expect(afterManifestEdit((m) => (m.routes[2].redirect = '/user/personal'))).toEqual([
        `manifest/console.json#/routes/2: matches none of the allowed forms: ${routeForms}`,
      ]);
    });

    it('keeps a child route problem apart from its parent route problem', () => {
      expect(
        afterManifestEdit((m) => {
          delete m.routes[4].page;
          m.routes[4].children[0].redirect = '/home';
          m.routes[4].children[1].path = '/equipment/Camera';
        }),
      ).toEqual([
        `manifest/console.json#/routes/4: matches none of the allowed forms: ${routeForms}`,
        `manifest/console.json#/routes/4/children/0: matches none of the allowed forms: ${routeForms}`,
        `manifest/console.json#/routes/4/children/1/path: "/equipment/Camera" matches none of the allowed forms: a string matching ${pathPattern}; equal to "*"`,
      ]);
    });

    it('reports a missing text, a wrong type and a value outside an enum', () => {
      expect(
        afterManifestEdit((m) => {
          delete m.modules[0].label.en;
          m.routes[5].hideInMenu = 'yes';
          m.app.layout = 'grid';
        }),
      ).toEqual([
        'manifest/console.json#/app/layout: "grid" is not one of "mix"',
        'manifest/console.json#/modules/0/label: missing required property "en"',
        'manifest/console.json#/routes/5/hideInMenu: must be boolean, not "yes"',
      ]);
    });
  });

  describe('manifest cross-checks', () => {
    it('rejects a duplicate path', () => {
      expect(afterManifestEdit((m) => (m.routes[4].children[1].path = '/equipment/aiserver'))).toEqual([
        'manifest/console.json#/routes/4/children/1/path: duplicate path "/equipment/aiserver" (first at /routes/4/children/0/path)',
      ]);
    });

    it('rejects a child outside its parent', () => {
      expect(afterManifestEdit((m) => (m.routes[4].children[0].path = '/door/aiserver'))).toEqual([
        'manifest/console.json#/routes/4/children/0/path: "/door/aiserver" is not under its parent\'s path "/equipment"',
      ]);
    });

    it('rejects an icon @ant-design/icons does not have', () => {
      expect(afterManifestEdit((m) => (m.routes[4].children[0].icon = 'foo'))).toEqual([
        'manifest/console.json#/routes/4/children/0/icon: unknown icon "foo" (no FooOutlined in @ant-design/icons)',
      ]);
    });

    it('accepts a multi-word icon', () => {
      expect(afterManifestEdit((m) => (m.routes[5].icon = 'video-camera-add'))).toEqual([]);
    });

    it('rejects an undeclared access key on a route', () => {
      expect(afterManifestEdit((m) => (m.routes[5].access = 'KEY.NOPE'))).toEqual([
        'manifest/console.json#/routes/5/access: undeclared access key "KEY.NOPE" (not in accessKeys)',
        'manifest/console.json#/routes/5/access: must be "KEY.MODEL", the access of resource "model", not "KEY.NOPE"',
      ]);
    });

    it('rejects an undeclared module', () => {
      expect(afterManifestEdit((m) => (m.routes[5].modules = ['monitor', 'video']))).toEqual([
        'manifest/console.json#/routes/5/modules/1: undeclared module "video" (not in modules)',
      ]);
    });

    it('rejects an unknown parent key', () => {
      expect(afterManifestEdit((m) => (m.accessKeys[1].parent = 'KEY.NOPE'))).toEqual([
        'manifest/console.json#/accessKeys/1/parent: unknown parent "KEY.NOPE" (not in accessKeys)',
      ]);
    });

    it('rejects a duplicate access key, and everything that then misses the key', () => {
      // The AI alerts' key: its route, its operations and its resource all miss it.
      const operation = (path: string) =>
        `openapi.yaml#/paths/${path}/x-access: undeclared access key "KEY.CENTER.AIWARN" (not in manifest/console.json accessKeys)`;
      expect(afterManifestEdit((m) => (m.accessKeys[10].key = 'KEY.CENTER.VIDEO'))).toEqual([
        'manifest/console.json#/accessKeys/10/key: duplicate access key "KEY.CENTER.VIDEO" (first at /accessKeys/9/key)',
        'manifest/console.json#/routes/7/children/1/access: undeclared access key "KEY.CENTER.AIWARN" (not in accessKeys)',
        operation('~1files~1alert-snapshots~1{id}/get'),
        operation('~1alerts/get'),
        operation('~1alerts~1choices/get'),
        operation('~1alerts~1export/get'),
        operation('~1alerts~1stream/get'),
        operation('~1alerts~1bulk-handling/post'),
        operation('~1alerts~1{id}/get'),
        operation('~1alerts~1{id}~1handling/post'),
        `openapi.yaml#/components/schemas/AccessKey/enum/10: "KEY.CENTER.AIWARN" is not declared in manifest/console.json accessKeys`,
        'manifest/console.json#/resources/9/access: undeclared access key "KEY.CENTER.AIWARN" (not in accessKeys)',
      ]);
    });

    it('rejects a page whose file does not exist', () => {
      expect(afterManifestEdit((m) => (m.routes[5].page = 'model/NoSuchPage'))).toEqual([
        'manifest/console.json#/routes/5/page: page file src/pages/model/NoSuchPage.tsx does not exist',
      ]);
    });

    it('rejects a redirect to a path no route has', () => {
      expect(afterManifestEdit((m) => (m.routes[1].redirect = '/nowhere'))).toEqual([
        'manifest/console.json#/routes/1/redirect: redirect target "/nowhere" is not a route path',
      ]);
    });

    it('rejects app paths no route has', () => {
      expect(afterManifestEdit((m) => (m.app.homePath = '/start'))).toEqual([
        'manifest/console.json#/app/homePath: "/start" is not a route path',
      ]);
    });
  });

  describe('openapi.yaml cross-checks', () => {
    it('rejects an x-access key the manifest does not declare (read from a temp openapi.yaml)', () => {
      const file = join(repo.rootDir, inputFiles.openapi);
      const original = readFileSync(file, 'utf8');
      try {
        writeFileSync(
          file,
          original.replace(
            "summary: 当前用户信息 / The signed-in user's profile\n      x-open: signed-in",
            "summary: 当前用户信息 / The signed-in user's profile\n      x-access: KEY.NOPE",
          ),
        );
        expect(messages(loadInputs(repo.rootDir))).toEqual([
          `openapi.yaml#/paths/~1user~1info/get/x-access: undeclared access key "KEY.NOPE" (${inManifest})`,
        ]);
      } finally {
        writeFileSync(file, original);
      }
    });

    describe('access declarations', () => {
      const at = 'openapi.yaml#/paths/~1parking-lots~1{id}~1close/post';
      const named = 'closeParkingLot (POST /parking-lots/{id}/close)';

      it('refuses an operation declaring none, naming it (read from a temp openapi.yaml)', () => {
        const file = join(repo.rootDir, inputFiles.openapi);
        const original = readFileSync(file, 'utf8');
        try {
          const openapi = parseYaml(original) as Json;
          openapi.paths[parkingLotClosePath] = closeParkingLot({});
          writeFileSync(file, stringifyYaml(openapi));
          expect(messages(loadInputs(repo.rootDir))).toEqual([
            `${at}: ${named} declares no access; it needs exactly one of x-access: <KEY>, a machine scheme in security (ingestKey), x-open: anyone or x-open: signed-in`,
          ]);
        } finally {
          writeFileSync(file, original);
        }
      });

      it.each([
        [
          { 'x-access': 'KEY.ACCESS.CAR', 'x-open': 'signed-in' },
          'declares its access 2 ways (x-access, x-open); it needs exactly one',
        ],
        [
          { 'x-open': 'anyone', security: [{ ingestKey: [] }] },
          'declares its access 2 ways (security ingestKey, x-open); it needs exactly one',
        ],
        [{ 'x-open': 'anyone' }, 'has x-open: anyone but requires sessionToken'],
        [
          { 'x-open': 'signed-in', security: [{ clientType: [] }] },
          'has x-open: signed-in but does not require sessionToken',
        ],
        [{ 'x-open': 'everyone' }, 'has x-open "everyone"; it must be anyone or signed-in'],
      ])('refuses the declaration %j, naming the operation', (declaration, problem) => {
        const messagesFound = messagesAfter(good, {
          openapi: (openapi) => (openapi.paths[parkingLotClosePath] = closeParkingLot(declaration)),
        });
        expect(messagesFound).toEqual([`${at}: ${named} ${problem}`]);
      });

      it('accepts the operation once it declares exactly one', () => {
        const messagesFound = messagesAfter(good, {
          openapi: (openapi) =>
            (openapi.paths[parkingLotClosePath] = closeParkingLot({ 'x-access': 'KEY.ACCESS.CAR' })),
        });
        expect(messagesFound).toEqual([]);
      });
    });

    it('names each key missing on either side of the AccessKey enum', () => {
      const openapi = structuredClone(good.openapi) as Json;
      const accessKeyEnum: string[] = openapi.components.schemas.AccessKey.enum;
      accessKeyEnum.splice(accessKeyEnum.indexOf('KEY.SYSTEM.LOG'), 1);
      accessKeyEnum.splice(accessKeyEnum.indexOf('KEY.MODEL'), 1);
      accessKeyEnum.push('KEY.EXTRA');
      expect(messages({ ...good, openapi })).toEqual([
        'openapi.yaml#/components/schemas/AccessKey/enum/14: "KEY.EXTRA" is not declared in manifest/console.json accessKeys',
        'openapi.yaml#/components/schemas/AccessKey/enum: missing "KEY.MODEL", declared in manifest/console.json accessKeys',
        'openapi.yaml#/components/schemas/AccessKey/enum: missing "KEY.SYSTEM.LOG", declared in manifest/console.json accessKeys',
      ]);
    });
  });

  it('reports every problem of every kind in one run', () => {
    const manifest = structuredClone(good.manifest) as Json;
    manifest.routes[2].title = 'x';
    manifest.routes[4].children[0].icon = 'foo';
    manifest.routes[5].access = 'KEY.NOPE';
    manifest.routes[1].redirect = '/nowhere';
    const openapi = structuredClone(good.openapi) as Json;
    openapi.components.schemas.AccessKey.enum.push('KEY.EXTRA');
    expect(messages({ ...good, manifest, openapi })).toEqual([
      `manifest/console.json#/routes/2/title: unknown property "title" (allowed: ${routeProperties})`,
      'manifest/console.json#/routes/1/redirect: redirect target "/nowhere" is not a route path',
      'manifest/console.json#/routes/4/children/0/icon: unknown icon "foo" (no FooOutlined in @ant-design/icons)',
      'manifest/console.json#/routes/5/access: undeclared access key "KEY.NOPE" (not in accessKeys)',
      'manifest/console.json#/routes/5/access: must be "KEY.MODEL", the access of resource "model", not "KEY.NOPE"',
      'openapi.yaml#/components/schemas/AccessKey/enum/16: "KEY.EXTRA" is not declared in manifest/console.json accessKeys',
    ]);
  });
});

describe('loadInputs', () => {
  it('names a manifest that is not JSON', () => {
    const file = join(repo.rootDir, inputFiles.manifest);
    const original = readFileSync(file, 'utf8');
    try {
      writeFileSync(file, '{ "app": ');
      expect(() => loadInputs(repo.rootDir)).toThrow(InputError);
      expect(() => loadInputs(repo.rootDir)).toThrow(/^manifest\/console\.json: invalid JSON \(/);
    } finally {
      writeFileSync(file, original);
    }
  });
});
