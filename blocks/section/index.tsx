import { defineBlock } from '../../engine/render/block.ts';
import type { SectionProps } from '../../schemas/resolved.gen.ts';
import './section.css';

export default defineBlock<SectionProps>({
  component: function Section({ props, block, children }) {
    const headingId = props.heading ? `${block.id}-heading` : undefined;
    return (
      <section
        id={props.anchor}
        className={`fc-section fc-section--${props.background}`}
        aria-labelledby={headingId}
      >
        {props.heading && (
          <div className="fc-container">
            <h2 id={headingId}>{props.heading}</h2>
          </div>
        )}
        {children}
      </section>
    );
  },
});
