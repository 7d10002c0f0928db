import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without types
import { darkThemeCss } from '../../scripts/dark-theme.mjs';

const committed = () => readFileSync(path.join(__dirname, '../../web/theme/dark.css'), 'utf8');

describe('the dark theme stylesheet', () => {
  it('is current: every colour class the client uses has its dark counterpart (npm run theme writes it)', () => {
    expect(committed()).toBe(darkThemeCss());
  });

  it('turns light surfaces dark and dark text light, and leaves white text on strong colours alone', () => {
    const css = committed();
    expect(css).toMatch(/\.dark \.bg-white \{ background-color: oklch\(20\.8%/); // slate-900
    expect(css).toMatch(/\.dark \.text-slate-900 \{ color: oklch\(98\.4%/); // slate-50
    expect(css).not.toMatch(/\.dark \.text-white /);
    expect(css).not.toMatch(/\.dark \.bg-brand-600 /);
    expect(css).toMatch(/\.dark \.hover\\:bg-slate-100:hover \{/);
  });
});
