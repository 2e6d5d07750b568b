import { CALLER_AMOUNT } from '@beerscale/contract/rules';
import { useT } from '../../i18n/use-t';
import { FormError } from '../form-error';
import { useGramsEntry, type GramsSent } from './grams-entry';

/**
 * The caller's amount, typed (the leader's /live and the caller's own seat): the field with the
 * range as its hint, "Call it", and the refusal below the form. An amount outside CALLER_AMOUNT
 * is refused with the server's own words (error.TARGET_AMOUNT) and sends nothing. On /live the
 * field and the button stack on a phone; the seat keeps them side by side.
 */
export function CallerAmountForm({
  id,
  label,
  busy,
  stackOnPhone = false,
  onCall,
}: {
  id: string;
  label: string;
  busy: boolean;
  stackOnPhone?: boolean;
  onCall: (amount: number, sent: GramsSent) => void;
}) {
  const { t } = useT();
  const amount = useGramsEntry(CALLER_AMOUNT, t('error.TARGET_AMOUNT'), onCall);
  return (
    <>
      <form
        onSubmit={amount.submit}
        className={
          stackOnPhone ? 'flex flex-col gap-2 sm:flex-row sm:items-end' : 'flex items-end gap-2'
        }
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={id} className="field-label">
            {label}
          </label>
          <input
            id={id}
            className="field-input"
            inputMode="numeric"
            placeholder={t('rules.callPlaceholder', CALLER_AMOUNT)}
            value={amount.text}
            onChange={(e) => amount.setText(e.target.value)}
          />
        </div>
        <button type="submit" className="btn-primary shrink-0" disabled={busy}>
          {t('rules.call')}
        </button>
      </form>
      <FormError message={amount.error} />
    </>
  );
}
