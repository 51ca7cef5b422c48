import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The portal server (apps/server) listens here in development and serves /app, /auth and /dev. */
const PORTAL_SERVER = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      '/app': PORTAL_SERVER,
      '/auth': PORTAL_SERVER,
      '/dev': PORTAL_SERVER,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
});
