import { describe, expect, it } from 'vitest';
import { createElement, lazy, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { lazyWithPreload } from '../../web/ui/lazy-preload';

function Greeting({ name }: { name: string }) {
  return createElement('p', null, `Hello ${name}`);
}

/** What a render shows: the component, or the fallback while it suspends. */
const rendered = (Component: (props: { name: string }) => unknown) =>
  renderToString(createElement(Suspense, { fallback: createElement('i', null, 'Loading...') }, createElement(Component as typeof Greeting, { name: 'Ann' })));

describe('lazyWithPreload', () => {
  it('suspends like React.lazy until loaded, and renders directly once preloaded', async () => {
    let loads = 0;
    const View = lazyWithPreload(async () => {
      loads++;
      return { default: Greeting };
    });
    expect(rendered(View)).toContain('Loading...');
    await View.preload();
    expect(rendered(View)).toContain('Hello Ann');
    expect(rendered(View)).not.toContain('Loading...');
    await View.preload();
    expect(loads).toBe(1);
  });

  it('renders without suspending on the first render after a preload, where React.lazy still suspends', async () => {
    const module = Promise.resolve({ default: Greeting });
    await module;
    const Plain = lazy(() => module);
    expect(rendered(Plain)).toContain('Loading...'); // loaded, yet its first render shows the fallback

    const View = lazyWithPreload(() => module);
    await View.preload();
    expect(rendered(View)).toBe('<!--$--><p>Hello Ann</p><!--/$-->');
  });

  it('asks for a chunk that failed again on the next preload', async () => {
    let attempts = 0;
    const View = lazyWithPreload(async () => {
      attempts++;
      if (attempts === 1) throw new Error('chunk gone');
      return { default: Greeting };
    });
    await expect(View.preload()).rejects.toThrow('chunk gone');
    await View.preload();
    expect(attempts).toBe(2);
    expect(rendered(View)).toContain('<p>Hello Ann</p>');
  });
});
