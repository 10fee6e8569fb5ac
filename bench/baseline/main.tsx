/** The benchmark's baseline: the smallest Vite + React page, built and measured beside the app. */
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(<h1>Hello</h1>);
