import { describe, expect, it } from 'vitest';
import type { ActionDescriptor } from './descriptors';
import { actionsFor } from './row-action-rules';

const action = (name: string, when: ActionDescriptor['when']): ActionDescriptor => ({
  name,
  label: { zh: name, en: name },
  method: 'post',
  path: `/things/{id}/${name}`,
  confirm: null,
  showsSecret: false,
  when,
  fields: [],
});

describe('actionsFor', () => {
  const actions = [
    action('always', null),
    action('approve', { status: ['pending'] }),
    action('close', { status: ['approved', 'visiting'] }),
    action('both', { status: ['pending'], kind: ['a'] }),
  ];
  const names = (entity: Record<string, unknown>) => actionsFor(actions, entity).map((found) => found.name);

  it('keeps actions without a condition and those whose fields hold a listed value', () => {
    expect(names({ status: 'pending', kind: 'a' })).toEqual(['always', 'approve', 'both']);
    expect(names({ status: 'visiting', kind: 'a' })).toEqual(['always', 'close']);
  });

  it('needs every field of a condition to match', () => {
    expect(names({ status: 'pending', kind: 'b' })).toEqual(['always', 'approve']);
    expect(names({ status: 'left' })).toEqual(['always']);
  });
});
