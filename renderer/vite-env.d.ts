/// <reference types="vite/client" />
// Vite's client types: CSS side-effect imports (Vite emits them as files) and import.meta.env.
