import { useState } from 'react';
import { useSession } from '../lib/session-context';

/** The Logout buttons: one sign-out at a time, with a busy flag for the button. */
export function useSignOut() {
  const { signOut } = useSession();
  const [busy, setBusy] = useState(false);
  const run = () => {
    if (busy) return;
    setBusy(true);
    // The shell unmounts when the session ends, so the flag is never reset by hand.
    void signOut();
  };
  return { signOut: run, busy };
}
