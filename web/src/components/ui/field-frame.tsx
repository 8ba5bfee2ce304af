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

/** The ids that tie one control to its error and description, and the props that carry them. */
export function useFieldControl(error: string | undefined, description: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control: FieldControlProps = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return { control, errorId, descriptionId };
}

/** A field's error, then its description, under the control, with the ids `useFieldControl` gave. */
export function FieldMessages({
  error,
  description,
  ids,
}: {
  error?: string | undefined;
  description?: ReactNode;
  ids: { errorId: string; descriptionId: string };
}) {
  return (
    <>
      {error && (
        <p id={ids.errorId} className="field__error">
          {error}
        </p>
      )}
      {description && <div id={ids.descriptionId}>{description}</div>}
    </>
  );
}

/** The label, error and description around one control, tied to it with aria-invalid and aria-describedby. */
export function FieldFrame({ label, error, description, children }: FieldFrameProps) {
  const { control, ...ids } = useFieldControl(error, description);
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={control.id} className="field__label">
        {label}
      </label>
      {children(control)}
      <FieldMessages error={error} description={description} ids={ids} />
    </div>
  );
}
