import { useState, type FormEvent } from 'react';

/** A whole number of grams within the limits, or null. */
export function wholeGrams(text: string, limits: { min: number; max: number }): number | null {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= limits.min && value <= limits.max
    ? value
    : null;
}

/** What the sender may do with the form once the grams left: empty it, or say the refusal. */
export interface GramsSent {
  clear(): void;
  refuse(message: string): void;
}

/**
 * A typed number of grams for house rules (the caller's amount, an estimate): the field's text,
 * the refusal to show and the form's submit. A value that is no whole number within the limits
 * is refused with `outOfRange` and sends nothing; a valid one clears the refusal and goes to
 * `send`, the server checking it again.
 */
export function useGramsEntry(
  limits: { min: number; max: number },
  outOfRange: string,
  send: (grams: number, sent: GramsSent) => void,
) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const grams = wholeGrams(text, limits);
    if (grams === null) return setError(outOfRange);
    setError(null);
    send(grams, { clear: () => setText(''), refuse: setError });
  };
  return { text, setText, error, submit };
}
