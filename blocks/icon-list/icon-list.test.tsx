import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import iconListSchema from '../../schemas/blocks/icon-list.schema.json';
import type { IconListProps } from '../../schemas/resolved.gen.ts';
import { ICON_NAMES, Icon } from '../_shared/icons.tsx';
import { renderBlock } from '../_shared/test-utils.tsx';
import IconList from './index.tsx';

describe('icon set', () => {
  it('draws every icon the schema offers, decoratively', () => {
    const offered = iconListSchema.$defs.iconName.enum;
    expect([...ICON_NAMES].sort()).toEqual([...offered].sort());
    for (const name of offered) {
      const html = renderToString(<Icon name={name as never} />);
      expect(html).toContain('aria-hidden="true"');
      expect(html).toMatch(/<(path|circle|rect)/);
    }
  });
});

describe('icon list block', () => {
  it('lists items with icons, titles, text and links', () => {
    renderBlock<IconListProps>('icon-list', IconList, {
      props: {
        heading: 'Why buy from us',
        columns: 4,
        items: [
          { icon: 'shield', title: '3 year warranty', text: 'On every used car we sell.' },
          {
            icon: 'truck',
            title: 'Delivery Australia-wide',
            link: { label: 'How delivery works', href: '/buying' },
          },
        ],
      },
    });
    const items = within(screen.getByRole('region', { name: 'Why buy from us' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(2);
    within(items[0]).getByRole('heading', { level: 3, name: '3 year warranty' });
    expect(items[0].querySelector('svg[data-icon="shield"]')).not.toBeNull();
    expect(
      within(items[1]).getByRole('link', { name: 'How delivery works' }).getAttribute('href'),
    ).toBe('/buying');
  });
});
