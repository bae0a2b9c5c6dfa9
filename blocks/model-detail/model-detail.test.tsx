import { describe, it } from 'vitest';
import { screen } from '@testing-library/react';
import { expectLadderPhoto, UPLOADED_PHOTO } from '../_shared/photo-expect.ts';
import { loadAndRender } from '../_shared/test-load.tsx';
import { demoCatalogue } from '../_shared/test-utils.tsx';
import ModelDetail, { MODEL_PHOTO } from './index.tsx';

describe('model page picture', () => {
  it("asks for the model's uploaded photo at the ladder widths the page shows, with its colour while it loads", async () => {
    const ranger = demoCatalogue().models.find((m) => m.slug === 'ranger')!;
    const drawn = ranger.image;
    ranger.image = { url: UPLOADED_PHOTO };
    try {
      await loadAndRender('model-detail', ModelDetail, {
        params: { modelSlug: 'ranger' },
        route: '/ranger',
      });
      expectLadderPhoto(
        screen.getByRole('img', { name: 'Ford Ranger' }),
        UPLOADED_PHOTO,
        MODEL_PHOTO,
      );
    } finally {
      ranger.image = drawn;
    }
  });
});
