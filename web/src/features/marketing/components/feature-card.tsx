import type { ComponentType } from 'react';

interface FeatureCardProps {
  title: string;
  text: string;
  icon?: ComponentType<{ size?: number }>;
  /** A short label above the title (DRS, DWAC, an audience). */
  tag?: string;
  points?: readonly string[];
}

/** The card every marketing page lists its offerings with. */
export function FeatureCard({ title, text, icon: Icon, tag, points }: FeatureCardProps) {
  return (
    <article className="feature-card">
      {Icon && (
        <span className="feature-card__icon">
          <Icon size={24} />
        </span>
      )}
      {tag && <span className="feature-card__tag">{tag}</span>}
      <h3>{title}</h3>
      <p>{text}</p>
      {points && (
        <ul className="check-list">
          {points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      )}
    </article>
  );
}
