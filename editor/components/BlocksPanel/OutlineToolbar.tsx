import { LAYOUT_VIEW, type Doc } from '../../lib/doc.ts';
import { useEditor } from '../../lib/hooks.ts';
import { BlockActions } from './BlockActions.tsx';
import { PanelTitle } from '../PanelTitle.tsx';

/** The outline's heading (which page, or the header and footer) and its block actions. */
export function OutlineToolbar({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const title = useEditor((s) => {
    if (s.view === LAYOUT_VIEW) return 'header and footer';
    const page = (s.resolved.pages as Doc[]).find((p) => `page:${p.id}` === s.view);
    return page ? `${String(page.id)} (${String(page.path)})` : '';
  });
  return (
    <div className="fc-panel-head">
      <PanelTitle id="fc-outline-title" open={open} onToggle={onToggle} controls="fc-outline-body">
        Outline of {title}
      </PanelTitle>
      <BlockActions />
    </div>
  );
}
