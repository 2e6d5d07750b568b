import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './pwa.config.ts';

const api = process.env.BEERSCALE_API ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [
    react(),
    lingui({ configPath: join(import.meta.dirname, 'lingui.config.ts') }),
    tailwindcss(),
    VitePWA(pwaOptions),
  ],
  server: {
    proxy: {
      '/api': api,
      '/ws': { target: api.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 300,
  },
});
