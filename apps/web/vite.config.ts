import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import type { IncomingMessage } from 'node:http';

const API_ORIGIN = process.env.SHUTTER_API_ORIGIN ?? 'http://localhost:8080';

/**
 * In development every non-asset path goes to the Fastify server, except page navigations
 * (GET asking for HTML), which get Vite's index.html so that the client renders them.
 */
function bypassHtmlNavigations(req: IncomingMessage): string | undefined {
  const accept = req.headers.accept ?? '';
  const isPageData = (req.url ?? '').includes('__a=1');
  if (req.method === 'GET' && accept.includes('text/html') && !isPageData) return '/index.html';
  return undefined;
}

const CONTRACT_RUNTIME = fileURLToPath(new URL('./src/lib/contract-runtime.ts', import.meta.url));

/** Resolves `@shutter/contract` to its zod-free part (src/lib/contract-runtime.ts). */
function contractWithoutZod(): Plugin {
  return {
    name: 'shutter:contract-without-zod',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@shutter/contract' && importer) return CONTRACT_RUNTIME;
      return null;
    },
  };
}

/** Where the server build of src/server-entry.tsx goes (`vite build --ssr`), kept for the service. */
const SERVER_OUT_DIR = 'dist/server';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [contractWithoutZod(), react()],
  // The server build carries its libraries (React, the router, the query cache) in their production
  // builds, as the client's does, whatever NODE_ENV the service runs with: the development builds
  // render several times slower and check what the client's build does not.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  // One config for both builds: the server's render then uses the client's CSS-module class names.
  build: isSsrBuild
    ? { outDir: SERVER_OUT_DIR, emptyOutDir: true, target: 'node20', manifest: false, copyPublicDir: false }
    : {
        outDir: 'dist',
        emptyOutDir: true,
        target: 'es2022',
        cssCodeSplit: true,
        // The server reads it to preload a screen's chunks with its HTML (platform/web/module-preloads.ts).
        manifest: true,
        // The landing page's script before the app (src/landing-boot.ts), which the server sends in
        // place of the app's entry where the page works without the app.
        rolldownOptions: { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), 'landing-boot': fileURLToPath(new URL('./src/landing-boot.ts', import.meta.url)) } },
      },
  // The MQTT client's worker (features/direct/mqtt-worker.ts) is a module worker, as the page's scripts are modules.
  worker: { format: 'es' },
  server: {
    proxy: {
      '^/(?!src/|@vite/|@id/|@fs/|@react-refresh|node_modules/|favicon\\.svg|logo\\.svg).*': {
        target: API_ORIGIN,
        changeOrigin: false,
        bypass: bypassHtmlNavigations,
      },
    },
  },
}));
