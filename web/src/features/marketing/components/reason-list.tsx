import type { ComponentType } from 'react';

interface Reason {
  title: string;
  text: string;
  icon?: ComponentType<{ size?: number }>;
}

interface ReasonListProps {
  items: readonly Reason[];
  /** The items' heading level: h3 under a section's h2, h4 under a subsection's h3. */
  headingLevel?: 3 | 4;
  /** Numbers instead of icons (steps, layers). */
  numbered?: boolean;
  grid?: boolean;
  labelledBy?: string;
}

/** A list of points, each with an icon (or a number), a title and a line of text. */
export function ReasonList({ items, headingLevel = 3, numbered = false, grid = false, labelledBy }: ReasonListProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <ul className={grid ? 'reason-list reason-list--grid' : 'reason-list'} aria-labelledby={labelledBy}>
      {items.map(({ icon: Icon, title, text }, index) => (
        <li key={title} className="reason">
          {numbered ? (
            <span className="reason__icon reason__icon--number" aria-hidden="true">
              {index + 1}
            </span>
          ) : (
            Icon && (
              <span className="reason__icon">
                <Icon size={22} />
              </span>
            )
          )}
          <div>
            <Heading>{title}</Heading>
            <p>{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
