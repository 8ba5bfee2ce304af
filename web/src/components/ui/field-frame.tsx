import { useId, type ReactNode } from 'react';

/** What a field's control needs to be tied to its label, error and description. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FieldFrameProps {
  label: string;
  error?: string | undefined;
  /** Rendered under the control and announced as part of its description (e.g. a strength meter). */
  description?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
}

/** The label, error and description around one control, tied to it with aria-invalid and aria-describedby. */
export function FieldFrame({ label, error, description, children }: FieldFrameProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      {description && <div id={descriptionId}>{description}</div>}
    </div>
  );
}
