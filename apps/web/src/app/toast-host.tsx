import { ToastContainer } from 'react-toastify';
import { TOAST_DEFAULT_MS } from '@beerscale/contract/limits';

/** SPEC §9: toasts close after 5 s unless a call says otherwise (invitations: never; cancels: 3 s). */
export default function ToastHost() {
  return (
    <ToastContainer
      position="top-center"
      autoClose={TOAST_DEFAULT_MS}
      theme="dark"
      newestOnTop
      // Three at most: a longer stack would reach the bottom navigation on a phone.
      limit={3}
      closeOnClick
      toastClassName="beerscale-toast"
    />
  );
}
