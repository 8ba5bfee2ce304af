interface SpinnerProps {
  label?: string;
  /** Fill the viewport's main area (route-level loading) instead of sitting inline. */
  block?: boolean;
}

export function Spinner({ label = 'Loading', block = false }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} aria-live="polite" className={block ? 'spinner spinner--block' : 'spinner'}>
      <span className="spinner__circle" aria-hidden="true" />
      <span className="spinner__label">{label}</span>
    </div>
  );
}
