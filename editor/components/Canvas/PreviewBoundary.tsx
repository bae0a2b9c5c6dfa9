/** The preview's last line of defence (editor/preview.tsx): a crash outside any block. */
import { Component, type ReactNode } from 'react';

/**
 * Contains a crash outside any block (the layout, a page's data): a notice instead of an
 * empty frame, until the next draft starts the tree afresh.
 */
export class PreviewBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="fc-editor-invalid" role="alert" data-preview-error>
        <strong>The preview could not show this page of the draft.</strong>{' '}
        {this.state.error.message}
      </div>
    );
  }
}
