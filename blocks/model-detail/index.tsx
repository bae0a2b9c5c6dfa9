/**
 * Model page (/:modelSlug, or a fixed model): picture, status (New; Coming Soon with an
 * icon), from price, the description (over 200 characters it collapses with View more /
 * View less) and links to the model's stock, an enquiry and a test drive. An unknown
 * model shows a message and a link to the range.
 */
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { ModelDetailProps } from '../../schemas/resolved.gen.ts';
import { ExpandableText } from '../_shared/ExpandableText.tsx';
import { ModelStatus } from '../_shared/ModelStatus.tsx';
import { photoAttributes, type PhotoLayout } from '../_shared/photo.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { findModel, hasPrice, modelImage } from '../_shared/models.ts';
import { slugify } from '../../engine/slug.ts';
import './model-detail.css';

export interface ModelDetailData {
  slug?: string;
}

/** The model's picture: the whole width on phones, 6 of 11 columns from 992 px (model-detail.css). */
export const MODEL_PHOTO: PhotoLayout = {
  min: 320,
  max: 1600,
  sizes: '(min-width: 1320px) 700px, (min-width: 992px) 55vw, 100vw',
  fallback: 640,
};

export default defineBlock<ModelDetailProps>({
  async load({
    props,
    params,
    siteData,
  }): Promise<ModelDetailData & { head?: { status: number } }> {
    const slug = props.model || params.modelSlug || params.slug;
    // An unknown model answers 404, so a /:modelSlug page can't turn every address into a 200.
    return { slug, ...(findModel(siteData.models, slug) ? {} : { head: { status: 404 } }) };
  },
  component: function ModelDetail({ props, block, data }) {
    const { data: siteData, money, t } = useSite();
    const slug = props.model || (data as ModelDetailData | undefined)?.slug;
    const model = findModel(siteData.models, slug);

    if (!model) {
      return (
        <section className="fc-model-detail fc-model-detail--missing" data-block-id={block.id}>
          <div className="fc-container">
            <h1>Model not found</h1>
            <p>{t(props.notFoundText)}</p>
            <p>
              <SiteLink className="fc-button" href="/models">
                See the model range
              </SiteLink>
            </p>
          </div>
        </section>
      );
    }

    const image = modelImage(model);
    const description = model.description || model.short_description;
    const stockHref = `/search/${slugify(model.manufacturer_name)}/${model.slug}`;
    const headingId = `${block.id}-heading`;
    return (
      <article
        className="fc-model-detail"
        aria-labelledby={headingId}
        data-block-id={block.id}
        data-model={model.slug}
      >
        <div className="fc-container fc-model-detail__inner">
          <div className="fc-model-detail__text">
            <ModelStatus model={model} />
            <h1 className="fc-model-detail__name" id={headingId}>
              <span className="fc-model-detail__make">{model.manufacturer_name}</span> {model.name}
            </h1>
            {hasPrice(model.from_price) && (
              <p className="fc-model-detail__price">
                from <strong>{money(model.from_price)}</strong>
              </p>
            )}
            {description && (
              <ExpandableText
                className="fc-model-detail__description"
                text={description}
                what="description"
              />
            )}
            <div className="fc-model-detail__actions">
              {model.status !== 'coming_soon' && (
                <SiteLink className="fc-button" href={stockHref}>
                  View {model.name} stock
                </SiteLink>
              )}
              <SiteLink className="fc-button fc-button--secondary" href={props.enquireHref}>
                Enquire <span className="fc-visually-hidden">about the {model.name}</span>
              </SiteLink>
              {model.status !== 'coming_soon' && (
                <SiteLink className="fc-button fc-button--secondary" href="/book-test-drive">
                  Book a test drive
                </SiteLink>
              )}
            </div>
          </div>
          {image && (
            <img
              className="fc-model-detail__image"
              {...photoAttributes(image, MODEL_PHOTO)}
              alt={`${model.manufacturer_name} ${model.name}`}
              width={720}
              height={405}
              fetchPriority="high"
            />
          )}
        </div>
      </article>
    );
  },
});
