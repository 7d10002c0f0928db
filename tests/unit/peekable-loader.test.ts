import { describe, expect, it } from 'vitest';
import { PeekableLoader } from '../../api/common/loaders.js';

/** A loader over a fixed table that records each batch it was asked for. */
function tableLoader(table: Record<string, number>) {
  const batches: string[][] = [];
  const loader = new PeekableLoader<string, number | null>(async (keys) => {
    batches.push([...keys]);
    return keys.map((k) => table[k] ?? null);
  });
  return { loader, batches };
}

describe('PeekableLoader: values at once once loaded or primed', () => {
  it('answers a primed key by get and by load without a batch', async () => {
    const { loader, batches } = tableLoader({ a: 1 });
    loader.prime('a', 10);
    expect(loader.get('a')).toBe(10);
    expect(loader.peek('a')).toBe(10);
    expect(await loader.load('a')).toBe(10);
    expect(await loader.loadMany(['a'])).toEqual([10]);
    expect(batches).toEqual([]);
  });

  it('batches keys it does not know, then answers them at once', async () => {
    const { loader, batches } = tableLoader({ a: 1, b: 2 });
    loader.prime('a', 10);
    expect(await loader.loadMany(['a', 'b', 'c'])).toEqual([10, 2, null]);
    expect(batches).toEqual([['b', 'c']]);
    expect(loader.get('b')).toBe(2);
    expect(loader.get('c')).toBeNull();
  });

  it('keeps a value it has when primed again (as DataLoader does), and takes the new one after clear', async () => {
    const { loader } = tableLoader({ a: 1 });
    expect(await loader.load('a')).toBe(1);
    loader.prime('a', 99);
    expect(loader.get('a')).toBe(1);
    loader.clear('a').prime('a', 99);
    expect(loader.get('a')).toBe(99);
    loader.clearAll();
    expect(loader.peek('a')).toBeUndefined();
    expect(await loader.load('a')).toBe(1);
  });

  it('hands primed errors to load as rejections', async () => {
    const { loader, batches } = tableLoader({});
    loader.prime('x', new Error('gone'));
    await expect(loader.load('x')).rejects.toThrow('gone');
    expect(loader.peek('x')).toBeUndefined();
    expect(batches).toEqual([]);
  });
});
