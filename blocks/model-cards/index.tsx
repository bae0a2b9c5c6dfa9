/**
 * Model range cards: the models of the makes the site sells (siteData.models), each with
 * its status (New; Coming Soon with an icon), short description cut at 200, "from
 * {price}" and a link to /{model-slug} or the model's override URL. The kind of model
 * follows ?body= (suv, trucks, vans, performance, electric, future vehicles) when the
 * block allows it, else the block's own `body`; links above the cards switch kind.
 * With linkTo "stock" the cards go to /search/{make}/{model} instead (for sites without
 * model pages).
 */
import { useLocation } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { Model } from '../../schemas/types.gen.ts';
import type { ModelCardsProps } from '../../schemas/resolved.gen.ts';
import { ModelStatus } from '../_shared/ModelStatus.tsx';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import {
  MODEL_BODIES,
  filterModels,
  hasPrice,
  modelImage,
  parseModelBody,
  type ModelBody,
} from '../_shared/models.ts';
import { SHORT_DESCRIPTION_LIMIT, truncate } from '../_shared/text.ts';
import { slugify } from '../../engine/slug.ts';
import { modelHref } from '../_shared/site-links.ts';
import './model-cards.css';

/** A card's picture: cards at least 260 px wide fill the row (model-cards.css), one on phones. */
export const MODEL_CARD_PHOTO: PhotoLayout = {
  min: 320,
  max: 800,
  sizes: '(min-width: 1320px) 320px, (min-width: 992px) 25vw, (min-width: 560px) 50vw, 100vw',
  fallback: 480,
};

/** The kind of model a block shows: ?body= when allowed and known, else the block's own. */
export function selectedBody(
  props: Pick<ModelCardsProps, 'body' | 'bodyFromAddress'>,
  search: string,
): ModelBody | undefined {
  if (props.bodyFromAddress) {
    const fromQuery = parseModelBody(new URLSearchParams(search).get('body'));
    if (fromQuery) return fromQuery;
  }
  return parseModelBody(props.body);
}

/** A card's link: the model page (/{model-slug} or its override URL), or that model's stock. */
export function modelCardHref(model: Model, linkTo: ModelCardsProps['linkTo']): string {
  return linkTo === 'stock'
    ? `/search/${slugify(model.manufacturer_name)}/${model.slug}`
    : modelHref(model);
}

function ModelCard({
  model,
  showPrice,
  buttonLabel,
  headingLevel,
  linkTo,
}: {
  model: Model;
  showPrice: boolean;
  buttonLabel: string;
  headingLevel: 2 | 3;
  linkTo: ModelCardsProps['linkTo'];
}) {
  const { money, t } = useSite();
  const image = modelImage(model);
  const description = truncate(
    model.short_description || model.description,
    SHORT_DESCRIPTION_LIMIT,
  );
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="fc-model-card" data-model={model.slug}>
      <div className="fc-model-card__media">
        {image ? (
          <img
            className="fc-model-card__image"
            {...photoAttributes(image, MODEL_CARD_PHOTO)}
            alt=""
            width={480}
            height={270}
            loading="lazy"
            decoding="async"
          />
        ) : (
          <div className="fc-model-card__image" aria-hidden="true" />
        )}
        <ModelStatus model={model} />
      </div>
      <div className="fc-model-card__body">
        <Heading className="fc-model-card__name">
          <span className="fc-model-card__make">{model.manufacturer_name}</span> {model.name}
        </Heading>
        {description && <p className="fc-model-card__text">{description}</p>}
        {showPrice && hasPrice(model.from_price) && (
          <p className="fc-model-card__price">
            from <strong>{money(model.from_price)}</strong>
          </p>
        )}
        <SiteLink className="fc-button fc-model-card__link" href={modelCardHref(model, linkTo)}>
          {t(buttonLabel)}{' '}
          <span className="fc-visually-hidden">
            the {model.manufacturer_name} {model.name}
          </span>
        </SiteLink>
      </div>
    </article>
  );
}

export default defineBlock<ModelCardsProps>({
  component: function ModelCards({ props, block }) {
    const { data, t } = useSite();
    const location = useLocation();
    const body = selectedBody(props, location.search);
    const models = filterModels(data.models, { body, manufacturer: props.manufacturer }).slice(
      0,
      props.limit,
    );
    const heading = props.heading;
    const headingId = `${block.id}-heading`;
    const kinds = MODEL_BODIES.filter(
      (b) =>
        filterModels(data.models, { body: b.key, manufacturer: props.manufacturer }).length > 0,
    );
    const bodyHref = (key?: ModelBody) => {
      const params = new URLSearchParams(location.search);
      if (key) params.set('body', key);
      else params.delete('body');
      const query = params.toString().replace(/\+/g, '%20');
      return `${location.pathname}${query ? `?${query}` : ''}`;
    };
    const label = body ? t(MODEL_BODIES.find((b) => b.key === body)!.label) : undefined;

    return (
      <section
        className="fc-model-cards"
        aria-labelledby={heading ? headingId : undefined}
        data-block-id={block.id}
        data-body={body ?? ''}
      >
        <div className="fc-container">
          {heading && (
            <h2 className="fc-model-cards__heading" id={headingId}>
              {t(heading)}
              {label && <span className="fc-visually-hidden">: {label}</span>}
            </h2>
          )}
          {props.intro && <p className="fc-model-cards__intro">{t(props.intro)}</p>}
          {props.showFilters && props.bodyFromAddress && kinds.length > 1 && (
            <nav className="fc-model-cards__filters" aria-label="Kinds of model">
              <ul role="list">
                <li>
                  <SiteLink
                    href={bodyHref()}
                    aria-current={!body ? 'page' : undefined}
                    className="fc-model-cards__filter"
                  >
                    All models
                  </SiteLink>
                </li>
                {kinds.map((kind) => (
                  <li key={kind.key}>
                    <SiteLink
                      href={bodyHref(kind.key)}
                      aria-current={body === kind.key ? 'page' : undefined}
                      className="fc-model-cards__filter"
                    >
                      {t(kind.label)}
                    </SiteLink>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {models.length ? (
            <ul className="fc-model-cards__grid" role="list">
              {models.map((model) => (
                <li key={model.id}>
                  <ModelCard
                    model={model}
                    showPrice={props.showPrice}
                    buttonLabel={props.buttonLabel}
                    headingLevel={heading ? 3 : 2}
                    linkTo={props.linkTo}
                  />
                </li>
              ))}
            </ul>
          ) : (
            <p className="fc-model-cards__empty">
              No models to show here yet. Please contact us about our range.
            </p>
          )}
        </div>
      </section>
    );
  },
});
