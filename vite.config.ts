import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The SPA lives in web/ and builds to dist/web (client) and dist/ssr (pre-rendering entry).
 * `npm run dev` proxies /api to the local portal started by `npm start`.
 */
export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
  },
  ssr: {
    // Bundle everything into the pre-rendering entry: it runs once at build time in Node.
    noExternal: true,
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` },
  },
});
