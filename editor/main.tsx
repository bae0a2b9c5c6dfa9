import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('editor-root')!).render(<p>The editor is being built.</p>);
