/** Where the app is: the URL's parts, the state a navigation carried, and a key per visit. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** New for every navigation ('default' for the first entry): screens re-mount on it. */
  key: string;
}

/** A place to go: a URL (absolute, or relative to the current path) or its parts. */
export type To = string | Partial<Pick<Location, 'pathname' | 'search' | 'hash'>>;

export interface History {
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  /** Called after every change of location, including the browser's back and forward. */
  listen(listener: (location: Location) => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** The parts of a URL, resolved against the current path as a browser would resolve an href. */
export function resolve(to: To, from: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  if (typeof to !== 'string') {
    return { pathname: to.pathname ?? from, search: to.search ?? '', hash: to.hash ?? '' };
  }
  const url = new URL(to, `http://app${from}`);
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export const hrefOf = (place: Pick<Location, 'pathname' | 'search' | 'hash'>) =>
  `${place.pathname}${place.search}${place.hash}`;

/** The browser's history. Its entries keep the state and key of each visit across reloads. */
export function createBrowserHistory(win: Window = window): History {
  const read = (): Location => {
    const { pathname, search, hash } = win.location;
    const entry = win.history.state as { usr?: unknown; key?: string } | null;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  let location = read();
  const listeners = new Set<(location: Location) => void>();
  const notify = () => listeners.forEach((listener) => listener(location));
  const change = (method: 'pushState' | 'replaceState', to: To, state: unknown) => {
    const place = resolve(to, location.pathname);
    const key = newKey();
    win.history[method]({ usr: state ?? null, key }, '', hrefOf(place));
    location = { ...place, state: state ?? null, key };
    notify();
  };
  win.addEventListener('popstate', () => {
    location = read();
    notify();
  });
  return {
    get location() {
      return location;
    },
    push: (to, state) => change('pushState', to, state),
    replace: (to, state) => change('replaceState', to, state),
    go: (delta) => win.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A history held in memory (tests, and screens rendered outside a browser). */
export function createMemoryHistory(initialEntries: readonly To[] = ['/']): History {
  const entries: Location[] = initialEntries.map((to, i) => ({
    ...resolve(to, '/'),
    state: null,
    key: i === 0 ? 'default' : newKey(),
  }));
  let index = entries.length - 1;
  const listeners = new Set<(location: Location) => void>();
  const notify = () => listeners.forEach((listener) => listener(entries[index]!));
  const at = (to: To, state: unknown): Location => ({
    ...resolve(to, entries[index]!.pathname),
    state: state ?? null,
    key: newKey(),
  });
  return {
    get location() {
      return entries[index]!;
    },
    push(to, state) {
      entries.splice(index + 1, entries.length, at(to, state));
      index = entries.length - 1;
      notify();
    },
    replace(to, state) {
      entries[index] = at(to, state);
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
