import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The app build. `npm start` serves index.html at http://localhost:5173/ (port fixed in the
 * `start` script); `vite preview` serves a build, which is what the browser suite tests.
 */
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, strictPort: true },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
