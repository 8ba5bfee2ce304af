interface SectionHeadingProps {
  id: string;
  eyebrow?: string;
  heading: string;
  lead?: string;
}

/** The centred heading block that opens a section; `id` names the h2 for aria-labelledby. */
export function SectionHeading({ id, eyebrow, heading, lead }: SectionHeadingProps) {
  return (
    <div className="section-heading">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id}>{heading}</h2>
      {lead && <p className="lead">{lead}</p>}
    </div>
  );
}
