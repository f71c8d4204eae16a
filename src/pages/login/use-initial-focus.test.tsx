// @vitest-environment happy-dom
import { Input } from 'antd';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useInitialFocus } from './use-initial-focus';

let root: Root | undefined;

beforeAll(() => {
  Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });
});

afterEach(async () => {
  await act(async () => root?.unmount());
  document.body.replaceChildren();
});

function Form() {
  return <Input ref={useInitialFocus()} aria-label="user name" />;
}

async function renderForm(): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () => root?.render(<Form />));
  await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return host;
}

describe('useInitialFocus', () => {
  it('focuses the field in the frame that shows the form', async () => {
    const host = await renderForm();
    expect(document.activeElement).toBe(host.querySelector('input'));
  });

  it('leaves the focus where the reader put it', async () => {
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    await renderForm();
    expect(document.activeElement).toBe(other);
  });
});
