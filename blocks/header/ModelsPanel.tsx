/**
 * The model dropdown's panel: the model range by category (manufacturer_body), then
 * Contact Us and Our Stock. On desktop every category shows as a titled group; on mobile
 * one category at a time behind tabs (Left/Right move between them).
 */
import { useRef, useState, type KeyboardEvent } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { MODEL_MENU_LINKS, modelHref, type ModelCategory } from '../_shared/site-links.ts';

/** A model's picture in the menu: 64 px wide (styles/menu.css). */
export const MENU_MODEL_PHOTO: PhotoLayout = { min: 160, max: 320, sizes: '64px', fallback: 160 };

interface ModelsPanelProps {
  categories: ModelCategory[];
  isMobile: boolean;
  /** Prefix of the tab and heading ids. */
  idBase: string;
  /** The menu item's words, translated (names the tab list). */
  label: string;
  fix: (href: string | undefined) => string | undefined;
}

export function ModelsPanel({ categories, isMobile, idBase, label, fix }: ModelsPanelProps) {
  const { t } = useSite();
  const [active, setActive] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(active, categories.length - 1);
  const multiMake =
    new Set(categories.flatMap((c) => c.models.map((m) => m.manufacturer_name))).size > 1;

  const links = (
    <ul className="fc-models__more">
      {MODEL_MENU_LINKS.map((l) => (
        <li key={l.href}>
          <SiteLink href={fix(l.href)} className="fc-menu__link fc-models__more-link">
            {t(l.label)}
          </SiteLink>
        </li>
      ))}
    </ul>
  );

  const modelList = (models: ModelCategory['models']) => (
    <ul className="fc-models__list">
      {models.map((m) => (
        <li key={m.id}>
          <SiteLink href={modelHref(m)} className="fc-menu__link fc-models__link">
            {m.image?.url && (
              <img
                className="fc-models__image"
                {...photoAttributes(m.image.thumb || m.image.url, MENU_MODEL_PHOTO)}
                alt=""
                width={96}
                height={72}
                loading="lazy"
                decoding="async"
              />
            )}
            <span>{multiMake ? `${m.manufacturer_name} ${m.name}` : m.name}</span>
          </SiteLink>
        </li>
      ))}
    </ul>
  );

  if (isMobile) {
    const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
      const last = categories.length - 1;
      let next = -1;
      if (event.key === 'ArrowRight') next = current === last ? 0 : current + 1;
      else if (event.key === 'ArrowLeft') next = current === 0 ? last : current - 1;
      if (next < 0) return;
      event.preventDefault();
      event.stopPropagation();
      setActive(next);
      tabRefs.current[next]?.focus();
    };
    const category = categories[current];
    return (
      <div className="fc-models fc-models--tabs">
        <div className="fc-models__tabs" role="tablist" aria-label={`${label} categories`}>
          {categories.map((c, i) => (
            <button
              key={c.name}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${idBase}-tab${i}`}
              className="fc-models__tab"
              aria-selected={i === current}
              aria-controls={`${idBase}-tabpanel`}
              tabIndex={i === current ? 0 : -1}
              onClick={() => setActive(i)}
              onKeyDown={onTabKeyDown}
            >
              {t(c.name)}
            </button>
          ))}
        </div>
        <div
          className="fc-models__tabpanel"
          role="tabpanel"
          id={`${idBase}-tabpanel`}
          aria-labelledby={`${idBase}-tab${current}`}
        >
          {modelList(category.models)}
        </div>
        {links}
      </div>
    );
  }

  return (
    <div className="fc-models">
      <div className="fc-models__groups">
        {categories.map((c, i) => (
          <section key={c.name} className="fc-models__group" aria-labelledby={`${idBase}-cat${i}`}>
            <h2 className="fc-models__heading" id={`${idBase}-cat${i}`}>
              {t(c.name)}
            </h2>
            {modelList(c.models)}
          </section>
        ))}
      </div>
      {links}
    </div>
  );
}
