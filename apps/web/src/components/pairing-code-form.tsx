import { useId, useState, type FormEvent } from 'react';
import { useT } from '../i18n/use-t';

interface Props {
  /** What the field asks for (the owner's page speaks of "your scale"). */
  label?: string;
  /** Sends the code; rejects with the server's reason, shown under the field. */
  onPair: (code: string) => Promise<unknown>;
  pending: boolean;
  error: string | null;
}

/**
 * The six digits a scale shows while it waits to be paired (docs/DEVICE-PROTOCOL.md, Pairing).
 * Used by the owner's scale
 * settings and by /admin; the server decides, this only keeps obvious typos from a round trip.
 */
export function PairingCodeForm({ label, onPair, pending, error }: Props) {
  const { t } = useT();
  const id = useId();
  const [code, setCode] = useState('');
  const [local, setLocal] = useState<string | null>(null);
  const shown = local ?? error;

  function submit(event: FormEvent) {
    event.preventDefault();
    const clean = code.replace(/\s/g, '');
    if (!/^[0-9]{6}$/.test(clean)) return setLocal(t('error.CODE_FORMAT'));
    setLocal(null);
    void onPair(clean).then(
      () => setCode(''),
      () => {},
    );
  }

  return (
    <form className="flex flex-wrap items-end gap-x-3 gap-y-0" onSubmit={submit} noValidate>
      <label htmlFor={id} className="field-label w-full">
        {label ?? t('pairing.label')}
      </label>
      <div className="min-w-36 flex-1">
        <input
          id={id}
          className={`field-input font-mono text-2xl tracking-[0.3em] ${shown ? 'field-input-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          placeholder="123456"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? `${id}-error` : undefined}
        />
      </div>
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? t('pairing.pairing') : t('pairing.pair')}
      </button>
      {shown && (
        <p id={`${id}-error`} role="alert" className="mt-2 w-full text-sm text-red-300">
          {shown}
        </p>
      )}
    </form>
  );
}
