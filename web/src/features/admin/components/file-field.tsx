import type { RefObject } from 'react';

interface FileFieldProps {
  id: string;
  label: string;
  /** What the picker offers, e.g. ".csv,text/csv". */
  accept: string;
  inputRef: RefObject<HTMLInputElement | null>;
  describedBy?: string;
  onChange: () => void;
}

/** One file chosen for an upload (the registry's CSV, an OCF bundle), labelled, read through `inputRef`. */
export function FileField({ id, label, accept, inputRef, describedBy, onChange }: FileFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        name="file"
        accept={accept}
        aria-describedby={describedBy}
        className="field__input field__input--file"
        onChange={onChange}
      />
    </div>
  );
}
