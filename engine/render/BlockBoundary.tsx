/**
 * Contains a failing block: in development an accessible notice naming the block, in
 * production nothing. On the server, the Suspense boundary around each block makes
 * React send the rest of the page and leave the failed block to the browser, where this
 * boundary catches it.
 */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RenderMode } from './site-context.tsx';

interface Props {
  blockId: string;
  blockType: string;
  mode: RenderMode;
  children: ReactNode;
}

export class BlockBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(
      `[forecourt] block "${this.props.blockId}" (${this.props.blockType}) failed to render`,
      error,
      info.componentStack,
    );
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.mode === 'production') return null;
    return (
      <div role="alert" className="fc-block-error" data-block-error={this.props.blockId}>
        <strong>
          Block “{this.props.blockId}” ({this.props.blockType}) could not be shown.
        </strong>
        <span> {error.message}</span>
      </div>
    );
  }
}
