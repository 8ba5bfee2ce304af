import type { Toast } from '../hooks/use-toasts';

export function ToastRegion({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <div className="toast-region">
      <div role="status" aria-live="polite">
        {toasts
          .filter((toast) => toast.kind === 'success')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </div>
      <div role="alert">
        {toasts
          .filter((toast) => toast.kind === 'error')
          .map((toast) => (
            <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
          ))}
      </div>
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  return (
    <div className={`toast toast--${toast.kind}`}>
      <p>{toast.text}</p>
      <button type="button" className="toast__close" aria-label="Dismiss message" onClick={() => onDismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}
