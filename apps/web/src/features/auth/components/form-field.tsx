import type { InputHTMLAttributes, Ref } from 'react';

interface FormFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  id: string;
  label: string;
  error?: string | undefined;
  /** Announces the error (used for the first invalid field only, so one alert speaks). */
  announce?: boolean;
  note?: string | undefined;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its note and its validation message wired for screen readers. */
export function FormField({
  id,
  label,
  error,
  announce,
  note,
  className,
  ...input
}: FormFieldProps) {
  const noteId = note ? `${id}-note` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [noteId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        className={`field-input ${error ? 'field-input-invalid' : ''} ${className ?? ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      {note && (
        <p id={noteId} className="mt-1.5 text-sm text-foam-400">
          {note}
        </p>
      )}
      {error && (
        <p
          id={errorId}
          role={announce ? 'alert' : undefined}
          className="mt-1.5 text-sm font-medium text-red-300"
        >
          {error}
        </p>
      )}
    </div>
  );
}
