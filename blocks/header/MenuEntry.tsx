/**
 * One item of the main menu. Items with children, or filled from site data (`source:
 * "models"` or `"locations"`), are dropdowns; the rest, and data-filled ones with nothing
 * to show, are plain links.
 */
import { useCallback, useState, type ReactNode } from 'react';
import { useSite } from '../../engine/render/site-context.tsx';
import type { MenuItem } from '../../schemas/resolved.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { Dropdown } from './Dropdown.tsx';
import { isCurrent, menuLocations, modelCategories, serviceHref } from '../_shared/site-links.ts';
import { ChildLinks, LocationsList } from './MenuLists.tsx';
import { loadedModelsPanel, loadModelsPanel } from './models-panel.ts';

export interface MenuEntryProps {
  index: number;
  item: MenuItem;
  open: boolean;
  isMobile: boolean;
  pathname: string;
  onOpenChange(open: boolean): void;
  /** Prefix of the ids inside this item. */
  idBase: string;
}

export function MenuEntry({
  index,
  item,
  open,
  isMobile,
  pathname,
  onOpenChange,
  idBase,
}: MenuEntryProps) {
  const { site, data, t } = useSite();
  const fix = (href: string | undefined) => serviceHref(href, site.features);
  // The models panel's code comes when the menu is wanted (Dropdown's `deferred`, models-panel.ts).
  const [ModelsPanel, setModelsPanel] = useState(loadedModelsPanel);
  const onWant = useCallback(
    () =>
      void loadModelsPanel().then(
        (panel) => setModelsPanel(() => panel),
        // Not loaded (offline): the server's links stay, and work as plain links.
        () => {},
      ),
    [],
  );

  let content: ReactNode = null;
  let mega = false;
  if (item.source === 'models') {
    const categories = modelCategories(data.models);
    if (categories.length) {
      mega = true;
      content = ModelsPanel && (
        <ModelsPanel
          categories={categories}
          isMobile={isMobile}
          idBase={idBase}
          label={t(item.label)}
          fix={fix}
        />
      );
    }
  } else if (item.source === 'locations') {
    const locations = menuLocations(site, fix(item.href) ?? '/contact');
    if (locations.length) content = <LocationsList locations={locations} t={t} />;
  } else if (item.children?.length) {
    content = <ChildLinks item={item} pathname={pathname} fix={fix} t={t} />;
  }

  if (!content && !mega) {
    const href =
      fix(item.href) ??
      (item.source === 'models' ? '/cars/' : item.source === 'locations' ? '/contact' : undefined);
    if (!href) return null;
    return (
      <li className="fc-menu__item">
        <SiteLink
          href={href}
          className="fc-menu__top"
          aria-current={isCurrent(pathname, href) ? 'page' : undefined}
        >
          {t(item.label)}
        </SiteLink>
      </li>
    );
  }

  return (
    <Dropdown
      index={index}
      label={t(item.label)}
      open={open}
      onOpenChange={onOpenChange}
      idBase={idBase}
      mega={mega}
      deferred={mega}
      onWant={mega ? onWant : undefined}
    >
      {content}
    </Dropdown>
  );
}
