#!/usr/bin/env node
// npm run theme: writes web/theme/dark.css, the dark theme. Every colour utility the client uses
// (bg-, text-, border-, ring-, ... with their hover:, focus:, aria-... variants) gets a dark
// counterpart under `.dark`: light surfaces become dark ones, dark text becomes light, tints become
// deep tones of the same hue; strong colours that carry white text (buttons, badges) stay as they are.
// The rules are unlayered, so they win over Tailwind's layered utilities whatever the specificity.
// tests/unit/dark-theme.test.ts fails when the file is out of date (a new colour class was added).
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(root, 'web/theme/dark.css');
const NEUTRALS = new Set(['slate', 'gray', 'zinc', 'neutral', 'stone']);
const COLORS =
  'white|black|slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose|brand';
const PROPS = 'bg|text|border-[trblxy]|border|ring-offset|ring|divide|outline|accent|fill|stroke|decoration';
const VARIANT = String.raw`(?:hover|focus|focus-visible|focus-within|active|disabled|placeholder|group-hover|checked|sm|md|lg|xl|aria-[a-z]+|has-[a-z]+(?:-[a-z]+)*|data-\[[a-z-]+=[a-z-]+\]|data-[a-z]+):`;
const TOKEN = new RegExp(String.raw`(?<![\w:-])((?:${VARIANT})*)(${PROPS})-(${COLORS})(?:-(\d{2,3}))?(?:/(\d{1,3}))?(!?)(?![\w-])`, 'g');

/** The palette: Tailwind's colours (oklch) and the app's brand scale. */
function palette() {
  const colors = new Map([
    ['white', '#fff'],
    ['black', '#000'],
  ]);
  const read = (file) => {
    for (const m of readFileSync(file, 'utf8').matchAll(/--color-([a-z]+-\d{2,3}):\s*([^;]+);/g)) colors.set(m[1], m[2].trim());
  };
  read(path.join(root, 'node_modules/tailwindcss/theme.css'));
  read(path.join(root, 'web/styles.css'));
  // The brand scale stops at 900: its 950 is a darker step of the same hue.
  if (!colors.has('brand-950')) colors.set('brand-950', '#1e1b4b');
  return colors;
}

// Neutrals: white surfaces become slate-900, the page (50) the darkest; borders and fills go dark;
// text goes light. Hues: tints (50-300) become deep tones, text shades (600-900) light ones.
const NEUTRAL = {
  bg: { white: 'slate-900', 50: 'slate-950', 100: 'slate-800', 200: 'slate-700', 300: 'slate-600', 400: 'slate-500' },
  text: { 300: 'slate-600', 400: 'slate-400', 500: 'slate-400', 600: 'slate-300', 700: 'slate-200', 800: 'slate-100', 900: 'slate-50', 950: 'white' },
  line: { white: 'slate-900', 50: 'slate-800', 100: 'slate-800', 200: 'slate-700', 300: 'slate-600', 400: 'slate-500' },
};
const HUE = {
  bg: { 50: '950', 100: '900', 200: '800', 300: '700' },
  text: { 500: '400', 600: '400', 700: '300', 800: '200', 900: '100', 950: '50' },
  line: { 50: '900', 100: '900', 200: '800', 300: '700' },
};
const KIND = { bg: 'bg', text: 'text', accent: 'text', fill: 'text', stroke: 'text', decoration: 'line' };
const CSS_PROP = {
  bg: 'background-color',
  text: 'color',
  border: 'border-color',
  'border-t': 'border-top-color',
  'border-b': 'border-bottom-color',
  'border-l': 'border-left-color',
  'border-r': 'border-right-color',
  'border-x': 'border-inline-color',
  'border-y': 'border-block-color',
  ring: '--tw-ring-color',
  'ring-offset': '--tw-ring-offset-color',
  divide: 'border-color',
  outline: 'outline-color',
  accent: 'accent-color',
  fill: 'fill',
  stroke: 'stroke',
  decoration: 'text-decoration-color',
};

/** The dark colour for one utility, or null when it stays (white text, strong colours, black). */
function darkColor(prop, color, shade) {
  const kind = KIND[prop] ?? 'line';
  const key = color === 'white' ? 'white' : shade;
  if (color === 'black') return null;
  if (color === 'white') return kind === 'text' ? null : (NEUTRAL[kind].white ?? null);
  if (NEUTRALS.has(color)) return NEUTRAL[kind][key] ?? null;
  const to = HUE[kind][key];
  return to ? `${color}-${to}` : null;
}

const escape = (cls) => cls.replace(/[:/[\]=.!]/g, (c) => `\\${c}`);
const MEDIA = { sm: '40rem', md: '48rem', lg: '64rem', xl: '80rem' };

/** `.dark …` selector and media query for a class with its variants. */
function selector(cls, variants) {
  let before = '.dark ';
  let after = '';
  let media = null;
  for (const v of variants) {
    if (v in MEDIA) media = `@media (min-width: ${MEDIA[v]})`;
    else if (v === 'group-hover') before += '.group:hover ';
    else if (v === 'placeholder') after += '::placeholder';
    else if (v.startsWith('aria-')) after += `[${v}="true"]`;
    else if (v.startsWith('has-'))
      after += `:has(:${v.slice(4)})`; // has-checked: a label holding a checked radio
    else if (v.startsWith('data-[')) {
      const [name, value] = v.slice(6, -1).split('=');
      after += `[data-${name}="${value}"]`;
    } else if (v.startsWith('data-'))
      after += `[${v}]`; // Headless UI's state attributes (data-selected, data-focus)
    else after += `:${v}`;
  }
  const target = `.${escape(cls)}${after}`;
  return { sel: cls.includes('divide-') ? `${before}${target} > :not(:last-child)` : `${before}${target}`, media };
}

function sources(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'gql' && entry.name !== 'theme') sources(full, out);
    } else if (/\.(tsx?|html)$/.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** The stylesheet's text for the client's sources as they are now. */
export function darkThemeCss() {
  const colors = palette();
  const classes = new Map();
  for (const file of sources(path.join(root, 'web'))) {
    for (const m of readFileSync(file, 'utf8').matchAll(TOKEN)) classes.set(m[0], m);
  }
  const rules = [];
  for (const [cls, m] of [...classes].sort(([a], [b]) => a.localeCompare(b))) {
    const [, variantText, prop, color, shade, alpha, important] = m;
    // A class with a variant keeps its own colour when it has no dark one (white text on a selected tab):
    // the dark rule of the plain class beside it must not win over it.
    const dark = darkColor(prop, color, shade) ?? (variantText ? (shade ? `${color}-${shade}` : color) : null);
    if (!dark) continue;
    const value = colors.get(dark);
    if (!value) throw new Error(`no colour ${dark} for ${cls}`);
    const css = alpha ? `color-mix(in oklab, ${value} ${alpha}%, transparent)` : value;
    const variants = variantText ? variantText.slice(0, -1).split(/:(?![^[]*\])/) : [];
    const { sel, media } = selector(cls, variants);
    const rule = `${sel} { ${CSS_PROP[prop]}: ${css}${important ? ' !important' : ''}; }`;
    const placed = media ? `${media} { ${rule} }` : rule;
    // An important declaration in a layer beats an unlayered one: `text-red-600!` is answered from
    // inside Tailwind's utilities layer, where the more specific `.dark …` selector wins.
    rules.push(important ? `@layer utilities { ${placed} }` : placed);
  }
  return [
    '/* Generated by scripts/dark-theme.mjs (npm run theme): do not edit. */',
    `.dark { color-scheme: dark; }`,
    `.dark body { background-color: ${colors.get('slate-950')}; color: ${colors.get('slate-100')}; }`,
    ...rules,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(OUT, darkThemeCss());
  console.log(`wrote ${path.relative(root, OUT)}`);
}
