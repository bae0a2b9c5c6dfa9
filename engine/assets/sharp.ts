/**
 * sharp (libvips), loaded with the first photo made or read: a start-up that makes none (the
 * photos are already stored, their sizes made when first asked for) never waits for it.
 */
import once from 'lodash-es/once.js';

export const loadSharp = once(async () => (await import('sharp')).default);
