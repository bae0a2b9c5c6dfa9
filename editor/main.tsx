/** The editor for onboarding staff (separate bundle from the dealer runtime). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/App.tsx';
import './styles/base.css';
import './styles/sign-in.css';
import './styles/layout.css';
import './styles/pages-palette-outline.css';
import './styles/preview-pane.css';
import './styles/inspector.css';
import './styles/publishing.css';
import './styles/rich-text.css';

createRoot(document.getElementById('editor-root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
