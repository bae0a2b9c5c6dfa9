/** The editor for onboarding staff (separate bundle from the dealer runtime). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App.tsx';
import './editor.css';

createRoot(document.getElementById('editor-root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
