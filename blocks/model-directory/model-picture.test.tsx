/**
 * The model directory's card pictures go through the shared photo helper (docs/cars.md,
 * "Photos"): an uploaded raster photo at the ladder widths a card can show, with `sizes` and
 * its colour; the catalogue's drawing as it is; the first row not lazy.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectLadderPhoto, expectPlainPhoto, UPLOADED_PHOTO } from '../_shared/photo-expect.ts';
import { MODEL_DIRECTORY_PHOTO, ModelPicture } from './ModelDirectoryApp.tsx';

const img = (model: { image_url?: string; slug: string }, eager = false) =>
  render(<ModelPicture model={model} eager={eager} />).container.querySelector('img');

describe('model directory pictures', () => {
  it("an uploaded photo gets the ladder widths of a card's picture", () => {
    expectLadderPhoto(
      img({ image_url: UPLOADED_PHOTO, slug: 'ranger' }),
      UPLOADED_PHOTO,
      MODEL_DIRECTORY_PHOTO,
    );
  });

  it('without one, the drawing as it is; the first row is not lazy', () => {
    expectPlainPhoto(img({ slug: 'ranger' }), '/assets/models/ranger.svg');
    expect(img({ slug: 'ranger' }, true)!.hasAttribute('loading')).toBe(false);
  });
});
