import { describe, expect, it } from 'vitest';
import { isStaleShare, readSharedFilesRef, SHARE_KEEP_MS, shareFormPath, shareTextFields } from '../../schema/domain/share-target';
import { readShareForm } from '../../web/features/share/share-params';

// A share with files (the manifest's share_target, a multipart POST) becomes the form's GET address.

const KEY = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('share target', () => {
  it('reads the text fields and the named files of a shared form', () => {
    const form = new FormData();
    form.set('title', 'Invoice');
    form.set('text', '  ');
    form.set('url', 'https://example.com/a?b=1&c=2');
    form.set('other', 'ignored');
    form.append('files', new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' }));
    form.append('files', new File([], '', { type: 'application/octet-stream' })); // no file chosen
    form.append('files', new File([new Uint8Array([0x89, 0x50])], 'photo.png', { type: 'image/png' }));
    const { fields, files } = readShareForm(form);
    expect(fields).toEqual({ title: 'Invoice', url: 'https://example.com/a?b=1&c=2' });
    expect(files.map((f) => [f.name, f.size])).toEqual([
      ['invoice.pdf', 8],
      ['photo.png', 2],
    ]);
  });

  it('keeps only strings with text, cut to size', () => {
    const body: Record<string, unknown> = { title: 'x'.repeat(9000), text: ['a', 'b'], url: 42 };
    expect(shareTextFields((name) => body[name])).toEqual({ title: 'x'.repeat(8000) });
  });

  it("builds the form's address: the text fields in order, then the files' key or missed", () => {
    expect(shareFormPath({ url: 'https://example.com/?q=a b', title: 'Read & reply' }, KEY)).toBe(
      `/share?title=Read+%26+reply&url=https%3A%2F%2Fexample.com%2F%3Fq%3Da+b&files=${KEY}`,
    );
    expect(shareFormPath({ text: 'Hello' }, null)).toBe('/share?text=Hello');
    expect(shareFormPath({}, 'missed')).toBe('/share?files=missed');
    expect(shareFormPath({}, null)).toBe('/share');
  });

  it('reads the files of the address back: a key, missed, or none', () => {
    const back = (path: string) => readSharedFilesRef(new URL(path, 'https://planner.test').searchParams);
    expect(back(shareFormPath({ title: 'A' }, KEY))).toEqual({ kind: 'kept', key: KEY });
    expect(back('/share?files=missed')).toEqual({ kind: 'missed' });
    expect(back('/share?files=..%2F..%2Fsecret')).toEqual({ kind: 'missed' });
    expect(back('/share?title=A')).toEqual({ kind: 'none' });
  });

  it('keeps files for a day', () => {
    const keptAt = Date.UTC(2026, 0, 1);
    expect(isStaleShare(keptAt, keptAt + SHARE_KEEP_MS - 1)).toBe(false);
    expect(isStaleShare(keptAt, keptAt + SHARE_KEEP_MS)).toBe(true);
    expect(isStaleShare(Number.NaN, keptAt)).toBe(true);
  });
});
