// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { keyTargetOf, movedFocus, wallKeyOf, type KeyTarget } from './wall-keys';

const press = (
  key: string,
  target: KeyTarget = 'screen',
  modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {},
) => wallKeyOf({ key, ctrlKey: false, metaKey: false, altKey: false, ...modifiers }, target);

describe('the wall’s keys', () => {
  it('map j/k and the arrows to moves, and the letters to their actions', () => {
    expect(['j', 'ArrowRight', 'k', 'ArrowLeft', 'ArrowDown', 'ArrowUp'].map((key) => press(key))).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'down',
      'up',
    ]);
    expect(['Enter', 'c', 'd', 'x', ' ', 'a', 'Escape', '?'].map((key) => press(key))).toEqual([
      'open',
      'confirm',
      'dismiss',
      'toggle',
      'toggle',
      'selectAll',
      'clear',
      'help',
    ]);
    expect(press('q')).toBeNull();
    expect(press('J')).toBeNull();
  });

  it('leave the keys to a field being typed in, a dialog, and the browser’s shortcuts', () => {
    expect(press('j', 'typing')).toBeNull();
    expect(press('c', 'dialog')).toBeNull();
    expect(press('a', 'screen', { ctrlKey: true })).toBeNull();
    expect(press('c', 'screen', { metaKey: true })).toBeNull();
  });

  it('leave Enter and space to a focused button, link or checkbox, but still move from it', () => {
    expect(press('Enter', 'control')).toBeNull();
    expect(press(' ', 'control')).toBeNull();
    expect(press('j', 'control')).toBe('next');
    expect(press('c', 'control')).toBe('confirm');
  });

  it('tell where a key was pressed', () => {
    document.body.innerHTML = `
      <input id="text" /><input id="check" type="checkbox" /><textarea id="note"></textarea>
      <button id="button"><span id="inButton">x</span></button>
      <div role="dialog"><button id="dialogButton"></button></div>
      <article id="card" tabindex="0"></article>`;
    const at = (id: string) => keyTargetOf(document.getElementById(id));
    expect(at('text')).toBe('typing');
    expect(at('note')).toBe('typing');
    expect(at('check')).toBe('control');
    expect(at('inButton')).toBe('control');
    expect(at('dialogButton')).toBe('dialog');
    expect(at('card')).toBe('screen');
    expect(keyTargetOf(null)).toBe('screen');
  });
});

describe('movedFocus', () => {
  it('focuses the first card on the first move', () => {
    expect(movedFocus(null, 'next', 10, 4)).toBe(0);
    expect(movedFocus(null, 'up', 10, 4)).toBe(0);
    expect(movedFocus(null, 'next', 0, 4)).toBeNull();
  });

  it('steps in reading order and a row at a time, stopping at either end', () => {
    expect(movedFocus(0, 'next', 10, 4)).toBe(1);
    expect(movedFocus(1, 'previous', 10, 4)).toBe(0);
    expect(movedFocus(0, 'previous', 10, 4)).toBe(0);
    expect(movedFocus(9, 'next', 10, 4)).toBe(9);
    expect(movedFocus(1, 'down', 10, 4)).toBe(5);
    expect(movedFocus(5, 'up', 10, 4)).toBe(1);
    expect(movedFocus(1, 'up', 10, 4)).toBe(1);
    expect(movedFocus(7, 'down', 10, 4)).toBe(7);
  });
});
