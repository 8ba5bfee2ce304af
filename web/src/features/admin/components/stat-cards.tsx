import { formatCount } from '../../../lib/format';

/** One card: its title and its figure, already formatted; undefined while the figures load (or when they failed). */
export type StatCard = [title: string, value: string | undefined];

/** A list screen's row of stat cards, a heading each, so a screen reader can jump between them. */
export function StatCards({ label, cards }: { label: string; cards: readonly StatCard[] }) {
  return (
    <ul className="metric-grid list-stats" aria-label={label}>
      {cards.map(([title, value]) => (
        <li key={title} className="metric-card">
          <h2 className="metric-card__title">{title}</h2>
          <p className="metric-card__value">{value ?? '—'}</p>
        </li>
      ))}
    </ul>
  );
}

/** A card of a count (1,234), or of nothing yet. */
export const countCard = (title: string, value: number | undefined): StatCard => [
  title,
  value === undefined ? undefined : formatCount(value),
];
