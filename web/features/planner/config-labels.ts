import { useSyncExternalStore } from 'react';
import type { BadgeTone } from '../../ui/Badge';

// The fixed labels and tones: for a key no configured item names, and until the items are read.
const PRIORITY_TONES: Record<string, BadgeTone> = { low: 'green', medium: 'blue', high: 'orange', critical: 'red' };
const CATEGORY_TONES: Record<string, BadgeTone> = {
  dev: 'violet',
  design: 'pink',
  'it ops': 'amber',
  devops: 'amber',
  infra: 'teal',
  testing: 'teal',
  governance: 'slate',
  documentation: 'slate',
  process: 'slate',
};
const CATEGORY_LABELS: Record<string, string> = { dev: 'Dev', 'it ops': 'IT Ops', devops: 'DevOps', infra: 'Infra' };
const capitalize = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/** The hue (degrees) each coloured tone stands for. */
const TONE_HUES: [BadgeTone, number][] = [
  ['red', 0],
  ['orange', 25],
  ['amber', 40],
  ['green', 130],
  ['teal', 173],
  ['blue', 215],
  ['violet', 260],
  ['pink', 330],
  ['red', 360],
];

/**
 * The badge tone nearest a '#rrggbb' colour (greys take slate), or undefined for anything else. Badges
 * keep their tones' text colours, which are readable on their backgrounds, rather than the raw colour.
 */
export function toneOfColor(color: string | null | undefined): BadgeTone | undefined {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color ?? '');
  if (!m) return undefined;
  const [r, g, b] = m.slice(1).map((h) => parseInt(h, 16) / 255);
  const max = Math.max(r, g, b);
  const chroma = max - Math.min(r, g, b);
  const light = (max + max - chroma) / 2;
  const saturation = chroma === 0 ? 0 : chroma / (1 - Math.abs(2 * light - 1));
  if (saturation < 0.25 || chroma < 0.1) return 'slate';
  const hue = max === r ? 60 * (((g - b) / chroma + 6) % 6) : max === g ? 60 * ((b - r) / chroma + 2) : 60 * ((r - g) / chroma + 4);
  return TONE_HUES.reduce((best, t) => (Math.abs(hue - t[1]) < Math.abs(hue - best[1]) ? t : best))[0];
}

/** How a category or priority key is shown: its label and badge tone. */
export interface ConfigBadge {
  label: string;
  tone: BadgeTone;
}

export interface ConfigLabels {
  category(key: string): ConfigBadge;
  priority(key: string): ConfigBadge;
}

interface Item {
  configKey: string;
  displayLabel: string;
  color?: string | null;
}

function lookup(items: readonly Item[] | undefined, label: (key: string) => string, tone: (key: string) => BadgeTone) {
  const byKey = new Map((items ?? []).map((i) => [i.configKey.toLowerCase(), i]));
  return (key: string): ConfigBadge => {
    const item = byKey.get(key.toLowerCase());
    return { label: item?.displayLabel || label(key), tone: toneOfColor(item?.color) ?? tone(key) };
  };
}

/** Labels and tones from the configured items, falling back to the stored key's fixed ones. */
export const configLabels = (categories?: readonly Item[], priorities?: readonly Item[]): ConfigLabels => ({
  category: lookup(
    categories,
    (k) => CATEGORY_LABELS[k.toLowerCase()] ?? capitalize(k),
    (k) => CATEGORY_TONES[k.toLowerCase()] ?? 'violet',
  ),
  priority: lookup(priorities, capitalize, (k) => PRIORITY_TONES[k.toLowerCase()] ?? 'blue'),
});

let current: ConfigLabels = configLabels();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Sets the configured items (ConfigLabelsLoader, which reads them after the first paint). */
export function publishConfigLabels(categories?: readonly Item[], priorities?: readonly Item[]): void {
  current = configLabels(categories, priorities);
  for (const listener of listeners) listener();
}

const snapshot = () => current;
/** The labels and tones as last read, outside a component (a hook re-renders on a change; this does not). */
export const currentConfigLabels = snapshot;
/** The labels and tones of categories and priorities, as configured in Admin (the fixed ones until they are read). */
export const useConfigLabels = (): ConfigLabels => useSyncExternalStore(subscribe, snapshot);
