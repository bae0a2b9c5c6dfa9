/**
 * Shared by the diff-hides-nothing tests: a site with a long paragraph, six reviews, a menu,
 * a carousel, FAQ items and nesting, the changes a copy of it edited makes, and a check on them.
 */
import cloneDeep from 'lodash-es/cloneDeep.js';
import { expect } from 'vitest';
import { diffSiteDocuments } from '../../../engine/document/diff.ts';

const REVIEWS = ['Sarah M.', 'Daniel K.', 'Priya R.', 'Tom and Jess', 'Graham W.', 'Lena B.'].map(
  (customer_name, i) => ({
    id: i + 1,
    customer_name,
    rating: 5,
    text: `Review number ${i + 1}: friendly, honest and no pressure at all.`,
  }),
);

export const PARAGRAPH = Array.from(
  { length: 300 },
  (_, i) =>
    [
      'Our',
      'service',
      'team',
      'fits',
      'genuine',
      'parts',
      'to',
      'every',
      'car',
      'we',
      'look',
      'after',
    ][i % 12],
).join(' ');

export function base(): Record<string, any> {
  return {
    schemaVersion: 2,
    slug: 'test-site',
    name: 'Test Motors',
    locations: [
      { id: 1, name: 'Main Street', slug: 'main' },
      { id: 2, name: 'Harbour', slug: 'harbour' },
      { id: 3, name: 'Service Centre', slug: 'service' },
    ],
    layout: {
      header: [
        {
          type: 'header',
          id: 'site-header',
          props: {
            menu: [
              { label: 'Home', href: '/' },
              { label: 'Used Cars', href: '/used' },
              { label: 'Finance', href: '/finance' },
              {
                label: 'About',
                children: [
                  { label: 'About Us', href: '/about' },
                  { label: 'Contact', href: '/contact' },
                ],
              },
            ],
          },
        },
      ],
      footer: [
        {
          type: 'footer',
          id: 'site-footer',
          props: {
            columns: [
              {
                heading: 'Cars',
                links: [
                  { label: 'New', href: '/new' },
                  { label: 'Used', href: '/used' },
                ],
              },
              { heading: 'Help', links: [] },
            ],
          },
        },
      ],
    },
    pages: [
      {
        id: 'home',
        path: '/',
        title: 'Home',
        blocks: [
          {
            type: 'hero',
            id: 'home-hero',
            props: { heading: 'Welcome', text: 'Cars for everyone.' },
          },
          { type: 'rich-text', id: 'intro', props: { html: `<p>${PARAGRAPH}</p>` } },
          { type: 'reviews', id: 'home-reviews', props: { reviews: cloneDeep(REVIEWS) } },
          {
            type: 'carousel',
            id: 'offers-carousel',
            props: {
              slides: ['Ranger', 'Everest', 'Mustang'].map((title) => ({
                title,
                text: `${title} deal`,
                image: { src: `/assets/${title}.svg`, alt: title },
              })),
            },
          },
          {
            type: 'faq-accordion',
            id: 'faq',
            props: {
              items: [
                { question: 'Q1?', answer: '<p>A1</p>' },
                { question: 'Q2?', answer: '<p>A2</p>' },
              ],
            },
          },
          {
            type: 'section',
            id: 'why-us',
            props: { heading: 'Why us' },
            children: [{ type: 'hero', id: 'why-a', props: { heading: 'A' } }],
          },
        ],
      },
    ],
  };
}

export function diffAfter(edit: (d: Record<string, any>) => void) {
  const before = base();
  const after = cloneDeep(before);
  edit(after);
  return diffSiteDocuments(before, after);
}

/** Every `X → Y` a line prints, with its two sides, must show two different things. */
export function expectNoIdenticalSides(text: string) {
  for (const line of text.split('\n')) {
    const m = /(".*?"|\S+) → (".*?"|\S+)/.exec(line);
    if (m) expect(m[1], line).not.toBe(m[2]);
  }
}

export const home = (d: Record<string, any>) => d.pages[0].blocks;
