/**
 * Embedded form (e.g. an online service booking) in a sandboxed frame. Only https
 * addresses of approved services are framed (blocks/_shared/embed.ts); the frame always
 * has a sandbox and the title staff give it.
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { EmbedProps } from '../../schemas/resolved.gen.ts';
import { SafeFrame } from '../_shared/SafeFrame.tsx';
import { allowedEmbedOrigins, checkEmbedSrc } from '../_shared/embed.ts';
import './embed.css';

export default defineBlock<EmbedProps>({
  component: function Embed({ props, block }) {
    const { site, mode, t } = useSite();
    const allowed = checkEmbedSrc(props.src, allowedEmbedOrigins(site)).ok;
    // Nothing at all for visitors when the address is refused (no empty heading).
    if (!allowed && mode !== 'development') return null;
    const headingId = `${block.id}-heading`;
    return (
      <section
        className="fc-embed"
        aria-labelledby={props.heading ? headingId : undefined}
        aria-label={props.heading ? undefined : t(props.title)}
        data-block-id={block.id}
      >
        <div className="fc-container">
          {props.heading && (
            <h2 className="fc-embed__heading" id={headingId}>
              {t(props.heading)}
            </h2>
          )}
          <SafeFrame
            src={props.src}
            title={t(props.title)}
            height={props.height}
            allowPopups={props.allowPopups}
            showOpenLink={props.showOpenLink}
          />
        </div>
      </section>
    );
  },
});
