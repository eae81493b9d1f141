/** Entry point: picks the bridge (Electron preload or browser-mode socket) and mounts the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { getBridge } from './bridge/get-bridge';
import { applyThemePreference, readThemePreference } from './lib/theme-preference';
import './styles/theme.css';

// Before anything waits on the host, so the first paint already has the chosen colours.
applyThemePreference(readThemePreference());
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element.');
const bridge = await getBridge();
createRoot(root).render(
  <StrictMode>
    <App bridge={bridge} />
  </StrictMode>,
);

