import { describe, expect, it } from 'vitest';
import aiserverSource from '../src/generated/resources/aiserver';
import visitorSource from '../src/generated/resources/visitor';
import { resourceOf } from '../src/resources/descriptors';
import { inputFiles } from './inputs';
import type { Manifest } from './manifest';
import { resourceContext } from './resource-context';
import { resolveResource } from './resources';
import { tempRepoForFile, messages, messagesAfter, type Json } from './test-support';

const temp = tempRepoForFile();

/** Where a resource sits in the manifest: other areas' screens come and go around it. */
function indexOf(name: string): number {
  return ((temp.good.manifest as Manifest).resources ?? []).findIndex((entry) => entry.name === name);
}

function visitorFilter(manifest: Json): Json {
  return manifest.resources[indexOf('visitor')].filters[0];
}

/** The parameters of an operation of openapi.yaml, to edit in a copy. */
function parameters(openapi: Json, path: string): Json[] {
  return openapi.paths[path].get.parameters;
}

/** Removes the visitor's passedToday parameter from one operation. */
function dropPassedToday(openapi: Json, path: string): void {
  const list = parameters(openapi, path);
  const at = list.findIndex((parameter) => parameter.$ref === '#/components/parameters/PassedToday');
  if (at < 0) throw new Error(`${path} has no passedToday parameter`);
  list.splice(at, 1);
}

describe('search filters that are no item field', () => {
  const at = () => `${inputFiles.manifest}#/resources/${indexOf('visitor')}/filters/0`;

  it('resolves passedToday on staff, visitors and vehicles as a yes / no search field', () => {
    expect(messages(temp.good)).toEqual([]);
    const context = resourceContext(temp.good);
    for (const name of ['staff', 'visitor', 'vehicle']) {
      const entry = (temp.good.manifest as Manifest).resources?.[indexOf(name)];
      if (entry === undefined) throw new Error(`no resource ${name}`);
      const { descriptor } = resolveResource(entry, indexOf(name), context);
      expect(descriptor.filters).toEqual([
        expect.objectContaining({
          name: 'passedToday',
          label: { zh: '今日通行', en: 'Passed today' },
          type: 'boolean',
          search: true,
          filter: 'equals',
          options: null,
          table: false,
          form: false,
          detail: false,
        }),
      ]);
      expect(descriptor.fields.map((field) => field.name)).not.toContain('passedToday');
    }
  });

  it('is emitted only into the descriptors of resources that have filters', () => {
    expect('filters' in aiserverSource).toBe(false);
    expect(resourceOf(aiserverSource).filters).toEqual([]);
    expect(resourceOf(visitorSource).filters.map((filter) => filter.name)).toEqual(['passedToday']);
  });

  it('rejects a filter the list operation has no query parameter for, naming it', () => {
    expect(messagesAfter(temp.good, { openapi: (o) => dropPassedToday(o, '/visitors') })).toEqual([
      `${at()}/name: filter "passedToday": listVisitors has no query parameter "passedToday"`,
    ]);
    expect(
      messagesAfter(temp.good, { manifest: (m) => (visitorFilter(m).name = 'passedYesterday') }),
    ).toEqual([
      `${at()}/name: filter "passedYesterday": listVisitors has no query parameter "passedYesterday"`,
    ]);
  });

  it('rejects a filter the export would ignore or read otherwise', () => {
    expect(messagesAfter(temp.good, { openapi: (o) => dropPassedToday(o, '/visitors/export') })).toEqual([
      `${at()}/name: filter "passedToday": exportVisitors has no query parameter "passedToday", so the export would not filter by it`,
    ]);
    expect(
      messagesAfter(temp.good, {
        openapi: (o) => {
          dropPassedToday(o, '/visitors/export');
          parameters(o, '/visitors/export').push({
            name: 'passedToday',
            in: 'query',
            schema: { type: 'string' },
          });
        },
      }),
    ).toEqual([
      `${at()}/name: filter "passedToday": query parameter passedToday of exportVisitors is a string, but query parameter passedToday of listVisitors is a boolean`,
    ]);
  });

  it("rejects an item field's parameter, a widget that does not fit, and a duplicate", () => {
    expect(messagesAfter(temp.good, { manifest: (m) => (visitorFilter(m).name = 'company') })).toEqual([
      `${at()}/name: filter "company": query parameter "company" of listVisitors filters an item field (x-filter): show that field in search instead`,
    ]);
    expect(messagesAfter(temp.good, { manifest: (m) => (visitorFilter(m).widget = 'select') })).toEqual([
      `${at()}/widget: filter "passedToday": widget "select" needs a string enum, but query parameter passedToday of listVisitors is a boolean`,
    ]);
    expect(
      messagesAfter(temp.good, {
        manifest: (m) => {
          const filters: Json[] = m.resources[indexOf('visitor')].filters;
          filters.push({ ...filters[0] });
        },
      }),
    ).toEqual([
      `${inputFiles.manifest}#/resources/${indexOf('visitor')}/filters/1/name: duplicate filter "passedToday" (first at /resources/${indexOf('visitor')}/filters/0/name)`,
    ]);
  });
});
