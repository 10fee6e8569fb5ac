// Vite's client types (CSS side-effect imports, import.meta.env) for the app only; the
// engine layers stay on plain TypeScript + Node types (tsconfig `types: ["node"]`).
/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />
