/**
 * The model menu's pictures go through the shared photo helper (docs/cars.md, "Photos"): an
 * uploaded raster picture at the ladder widths its 64 px place can show, with `sizes` and its
 * colour; a drawing (the catalogue's SVGs) as it is.
 */
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, it } from 'vitest';
import { SiteProvider } from '../../engine/render/site-context.tsx';
import { modelCategories } from '../_shared/site-links.ts';
import { expectLadderPhoto, expectPlainPhoto, UPLOADED_PHOTO } from '../_shared/photo-expect.ts';
import { prepareDemoSite } from '../_shared/test-utils.tsx';
import { MENU_MODEL_PHOTO, ModelsPanel } from './ModelsPanel.tsx';

describe('model menu pictures', () => {
  it('an uploaded picture gets the ladder widths of its place; a drawing is used as it is', () => {
    const { site, data } = prepareDemoSite();
    const [first, second] = data.models;
    const drawing = (second.image!.thumb || second.image!.url)!;
    const models = [{ ...first, image: { url: UPLOADED_PHOTO } }, second];
    const { container } = render(
      <SiteProvider site={site} data={data} mode="development">
        <MemoryRouter>
          <ModelsPanel
            categories={modelCategories(models)}
            isMobile={false}
            idBase="m"
            label="Vehicles"
            fix={(href) => href}
          />
        </MemoryRouter>
      </SiteProvider>,
    );
    const images = container.querySelectorAll('.fc-models__image');
    const of = (name: string) =>
      [...images].find((img) => img.closest('a')?.textContent?.includes(name)) ?? null;
    expectLadderPhoto(of(first.name), UPLOADED_PHOTO, MENU_MODEL_PHOTO);
    expectPlainPhoto(of(second.name), drawing);
  });
});
