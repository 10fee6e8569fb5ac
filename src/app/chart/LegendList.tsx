import { useTranslation } from 'react-i18next';
import type { LegendItem } from '../../timeline/legend';
import { LegendSwatch } from './LegendSwatch';
import { legendText } from './legendText';

/** The night's legend as a list: each kind of mark it uses, drawn, and said in words. */
export function LegendList({ items }: { readonly items: readonly LegendItem[] }) {
  const { t } = useTranslation();
  return (
    <ul className="legend-list">
      {items.map((item) => (
        <li key={item.key} className="legend-item">
          <LegendSwatch itemKey={item.key} swatch={item.swatch} />
          <span className="legend-words">{legendText(t, item.key)}</span>
        </li>
      ))}
    </ul>
  );
}
