/** Icon list: short selling points, each with an icon from the platform set, a title, text and an optional link. */
import type { CSSProperties } from 'react';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { IconListProps } from '../../schemas/resolved.gen.ts';
import { Icon } from '../_shared/icons.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import './icon-list.css';

export default defineBlock<IconListProps>({
  component: function IconList({ props, block }) {
    const { t } = useSite();
    const items = props.items;
    if (!items.length) return null;
    const headingId = `${block.id}-heading`;
    const Title = props.heading ? 'h3' : 'h2';
    return (
      <section
        className="fc-icon-list"
        aria-labelledby={props.heading ? headingId : undefined}
        data-block-id={block.id}
        style={{ '--fc-icon-list-columns': props.columns } as CSSProperties}
      >
        <div className="fc-container">
          {props.heading && (
            <h2 className="fc-icon-list__heading" id={headingId}>
              {t(props.heading)}
            </h2>
          )}
          <ul className="fc-icon-list__items" role="list">
            {items.map((item, i) => (
              <li className="fc-icon-list__item" key={i}>
                <span className="fc-icon-list__icon">
                  <Icon name={item.icon} />
                </span>
                <div>
                  <Title className="fc-icon-list__title">{t(item.title)}</Title>
                  {item.text && <p className="fc-icon-list__text">{t(item.text)}</p>}
                  {item.link && (
                    <SiteLink className="fc-icon-list__link" href={item.link.href}>
                      {t(item.link.label)}
                    </SiteLink>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
    );
  },
});
