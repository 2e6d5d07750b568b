import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), lingui({ configPath: join(import.meta.dirname, 'lingui.config.ts') })],
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Above the 5 s testing-library waits (test-setup.ts): a first lazy chunk compiled while the
    // server suites load both cores may take seconds; the waits then say what was missing.
    testTimeout: 20_000,
  },
});
