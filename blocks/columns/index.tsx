import { defineBlock } from '../../engine/render/block.ts';
import type { ColumnsProps } from '../../schemas/resolved.gen.ts';
import './columns.css';

export default defineBlock<ColumnsProps>({
  component: function Columns({ props, slots }) {
    const ratio = props.ratio.replace(':', '-');
    return (
      <div className={`fc-container fc-columns fc-columns--${ratio}`}>
        <div className="fc-columns__main">{slots.main}</div>
        <div className="fc-columns__aside">{slots.aside}</div>
      </div>
    );
  },
});
