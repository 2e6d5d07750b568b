import type { VitePWAOptions } from 'vite-plugin-pwa';

// The installable app (web app manifest) and its service worker (Workbox, generated at build).
// The worker precaches the built files only: API replies and sockets always go to the network
// (a stale score is worse than none). Pages are fetched from the network too, so a deploy is
// seen at once; without a network they get the offline page. A new worker waits for every tab
// of the old one to close (no skipWaiting): a new version takes over on the next visit, never
// in the middle of a game.
export const OFFLINE_PAGE = '/offline.html';

export const pwaOptions: Partial<VitePWAOptions> = {
  registerType: 'prompt',
  injectRegister: 'script-defer',
  includeAssets: ['favicon.svg', 'favicon.ico', 'apple-touch-icon-180x180.png'],
  manifest: {
    id: '/',
    name: 'beerscale',
    short_name: 'beerscale',
    // One manifest serves every language: no `lang`, and a description in both (the app itself
    // follows the reader's language).
    description: 'Bierwiegen · beer weighing games with a smart scale',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: '#17100c',
    background_color: '#17100c',
    icons: [
      { src: '/pwa-64x64.png', sizes: '64x64', type: 'image/png' },
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png' },
      {
        src: '/maskable-icon-512x512.png',
        sizes: '512x512',
        type: 'image/png',
        purpose: 'maskable',
      },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,svg,png,ico,webmanifest}', 'offline.html'],
    // No navigation fallback to a cached index.html: pages come from the network, see below.
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    skipWaiting: false,
    clientsClaim: false,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' && !url.pathname.startsWith('/api/'),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: OFFLINE_PAGE } },
      },
    ],
  },
};
