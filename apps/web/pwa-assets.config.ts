import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

// `npm run icons -w apps/web` renders the PWA icons from the favicon; the PNGs are committed,
// so the build needs no image tooling. The dark page colour fills the maskable and Apple icons.
const background = '#17100c';

export default defineConfig({
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, resizeOptions: { background } },
    apple: { ...minimal2023Preset.apple, resizeOptions: { background } },
  },
  images: ['public/favicon.svg'],
});
