import { useId } from 'react';

/**
 * A labelled choice of one value, in the forms' look (the label above the field). `id` when
 * something outside refers to the field; without it the field makes its own.
 */
export function SelectField({
  id,
  label,
  value,
  options,
  onChange,
  disabled,
}: {
  id?: string;
  label: string;
  value: string | number;
  options: readonly { value: string | number; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}) {
  const ownId = useId();
  const fieldId = id ?? ownId;
  return (
    <div>
      <label htmlFor={fieldId} className="field-label">
        {label}
      </label>
      <select
        id={fieldId}
        className="field-input"
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled choice of one of `options`, whole numbers shown as they are (rounds, games...). */
export function NumberSelect({
  options,
  onChange,
  ...field
}: {
  id?: string;
  label: string;
  value: number;
  options: readonly number[];
  onChange: (value: number) => void;
  disabled?: boolean;
}) {
  return (
    <SelectField
      {...field}
      options={options.map((n) => ({ value: n, label: String(n) }))}
      onChange={(value) => onChange(Number(value))}
    />
  );
}
