/**
 * A sandboxed frame for an approved https service (see embed.ts). A refused address
 * renders nothing for visitors and, in development (editor preview, local server), a
 * notice saying why, so staff can fix it.
 */
import { useSite } from '../../engine/render/site-context.tsx';
import { allowedEmbedOrigins, checkEmbedSrc, embedSandbox, isSiteOwnOrigin } from './embed.ts';
import './safe-frame.css';

export interface SafeFrameProps {
  src: string;
  /** Accessible name of the frame (required). */
  title: string;
  height?: number;
  allowPopups?: boolean;
  showOpenLink?: boolean;
  /** Load the frame only when near the viewport (default true). */
  lazy?: boolean;
}

export function SafeFrame({
  src,
  title,
  height = 800,
  allowPopups = true,
  showOpenLink = true,
  lazy = true,
}: SafeFrameProps) {
  const { site, mode } = useSite();
  const check = checkEmbedSrc(src, allowedEmbedOrigins(site));
  if (!check.ok) {
    if (mode !== 'development') return null;
    return (
      <p className="fc-frame__refused" role="note">
        This embedded form isn’t shown to visitors: {check.reason}. Ask the platform team to approve
        the service for this site.
      </p>
    );
  }
  return (
    <div className="fc-frame">
      <iframe
        className="fc-frame__iframe"
        src={check.url}
        title={title}
        height={height}
        sandbox={embedSandbox({ allowPopups, ownOrigin: isSiteOwnOrigin(check.origin, site) })}
        referrerPolicy="strict-origin"
        loading={lazy ? 'lazy' : undefined}
        style={{ height }}
      />
      {showOpenLink && (
        <p className="fc-frame__open">
          <a href={check.url} target="_blank" rel="noopener noreferrer">
            Open {title} in a new tab
          </a>
        </p>
      )}
    </div>
  );
}
