/** A yes/no column's cell: a tick with its meaning for screen readers, or the 'no' said to them alone. */
export function TickCell({ on, label, offLabel }: { on: boolean; label: string; offLabel: string }) {
  return (
    <td>
      {on ? (
        <span className="list-tick" role="img" aria-label={label}>
          ✓
        </span>
      ) : (
        <span className="visually-hidden">{offLabel}</span>
      )}
    </td>
  );
}

/** The View button that opens a row's detail; `what` completes its name for screen readers ('View message from Dana'). */
export function ViewCell({ what, onView }: { what: string; onView: () => void }) {
  return (
    <td>
      <button type="button" className="button button--secondary button--small" onClick={onView}>
        View<span className="visually-hidden"> {what}</span>
      </button>
    </td>
  );
}
