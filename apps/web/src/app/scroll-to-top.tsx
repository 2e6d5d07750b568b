import { useEffect } from 'react';
import { useUrl } from '../lib/router';

/** A new screen starts at its top; a link to an anchor (#hash) is left to the browser. */
export function ScrollToTop() {
  const { pathname, hash } = useUrl();
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
