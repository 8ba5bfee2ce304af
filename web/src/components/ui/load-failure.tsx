/** Something that could not be loaded, in its place, with Try again; `alert` announces it. */
export function LoadFailure({ text, onRetry, alert = false }: { text: string; onRetry: () => void; alert?: boolean }) {
  return (
    <div className="notice notice--error" role={alert ? 'alert' : undefined}>
      <p>{text}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
