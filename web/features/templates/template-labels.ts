import type { PickerOption } from '../task';

/** The display label of a config value (category or priority), or the value itself. */
export const optionLabel = (options: readonly PickerOption[], value: string | null | undefined): string => {
  if (!value) return '';
  return options.find((o) => o.value.toLowerCase() === value.toLowerCase())?.label ?? value.charAt(0).toUpperCase() + value.slice(1);
};

/** '2.5h' or '0h'. */
export const hoursLabel = (hours: number): string => `${Number.isInteger(hours) ? hours : hours.toFixed(1)}h`;

/** Template cards show 3 tags, then '+N'. */
export const CARD_TAGS = 3;
