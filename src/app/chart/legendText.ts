import type { TFunction } from 'i18next';
import en from '../i18n/en.chart.json';

type ItemKey = keyof (typeof en)['chart']['legend']['item'];
const known: ReadonlySet<string> = new Set(Object.keys(en.chart.legend.item));

/**
 * The words for a legend item (`activity.writing` is `chart.legend.item.activity_writing`);
 * a mark the timeline learns to draw later, without words yet, shows its key.
 */
export function legendText(t: TFunction, key: string): string {
  const id = key.replace('.', '_');
  return known.has(id) ? t(`chart.legend.item.${id as ItemKey}`) : key;
}

/** True when every key has words (for the tests). */
export function hasLegendText(key: string): boolean {
  return known.has(key.replace('.', '_'));
}
