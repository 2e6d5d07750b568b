import { ToastContainer, type CloseButtonProps } from 'react-toastify';
import { TOAST_DEFAULT_MS } from '@beerscale/contract/limits';
import { useT } from '../i18n/use-t';
import { useFocusedFieldHalf } from '../components/use-focused-field-half';

/** react-toastify's own close button says "close" in English to every screen reader. */
function CloseButton({
  closeToast,
  label,
}: Pick<CloseButtonProps, 'closeToast'> & { label: string }) {
  return (
    <button
      type="button"
      className="Toastify__close-button Toastify__close-button--dark"
      aria-label={label}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * Toasts close after 5 s unless a call says otherwise (invitations: never; cancels: 3 s). They
 * sit at the top, and at the bottom while a field in the top half of the screen is typed in
 * (the caller's amount on the leader's phone was hidden under them).
 * Every text a screen reader hears is in the reader's language: the region's name, the close
 * button; the timer bar (named "notification timer" in English by the library) is not shown.
 */
export default function ToastHost() {
  const { t } = useT();
  const field = useFocusedFieldHalf();
  return (
    <ToastContainer
      className={field === 'top' ? 'beerscale-toasts-low' : undefined}
      position="top-center"
      autoClose={TOAST_DEFAULT_MS}
      theme="dark"
      newestOnTop
      // Three at most: a longer stack would reach the bottom navigation on a phone.
      limit={3}
      closeOnClick
      toastClassName="beerscale-toast"
      aria-label={t('toast.region')}
      hideProgressBar
      closeButton={({ closeToast }) => (
        <CloseButton closeToast={closeToast} label={t('toast.close')} />
      )}
    />
  );
}
