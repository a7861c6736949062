import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compression } from 'vite-plugin-compression2';
import { prerenderShells } from './scripts/prerender-shells';

const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    react(),
    tailwindcss(),
    prerenderShells(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies beside every text asset, made once at build time at the highest level;
    // the server picks one per request (server/http/static.ts, preCompressed).
    compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024, exclude: [/\.map$/], logLevel: 'silent' }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/ws': { target: apiTarget.replace(/^http/, 'ws'), ws: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    manifest: true,
    // One stylesheet, inlined in the HTML (scripts/prerender-shells.ts): no chunk lists it as a
    // dependency, which would make a lazy import fetch it a second time.
    cssCodeSplit: false,
  },
});
