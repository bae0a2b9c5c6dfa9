import { defineBlock } from '../../engine/render/block.ts';
import type { RichTextProps } from '../../schemas/resolved.gen.ts';
import { SiteHtml } from '../_shared/SiteHtml.tsx';
import './rich-text.css';

export default defineBlock<RichTextProps>({
  component: function RichText({ props }) {
    return (
      <section className={`fc-container fc-rich-text fc-rich-text--${props.width}`}>
        {props.heading && <h2>{props.heading}</h2>}
        {/* Sanitised by the server when the document was loaded (x-sanitize: html); in-site links keep the site's base path. */}
        <SiteHtml className="fc-rich-text__body" html={props.html} />
      </section>
    );
  },
});
