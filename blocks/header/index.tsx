/**
 * Site header: logo, main menu and a phone number.
 *
 * Menu items with children or filled from site data are disclosure dropdowns
 * (Dropdown.tsx). Below 992 px the menu is a panel opened by a Menu button, dropdowns
 * become accordions and the model dropdown shows one category at a time (ModelsPanel.tsx).
 * Which part is open, and what closes it, is useHeaderMenu.ts.
 *
 * Without JavaScript (and before hydration) desktop dropdowns open on hover and
 * keyboard focus (CSS :focus-within), so every link stays reachable.
 */
import { useLocation } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { STICKY_BELOW_BANNER } from '../../engine/render/dom-ids.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import type { HeaderProps } from '../../schemas/resolved.gen.ts';
import { useMediaQuery, useMounted } from '../_shared/useCarousel.ts';
import { HeaderActions } from './HeaderActions.tsx';
import { Logo } from './Logo.tsx';
import { MenuEntry } from './MenuEntry.tsx';
import { useHeaderMenu } from './useHeaderMenu.ts';
import { loadModelsPanel } from './models-panel.ts';
import './styles/bar.css';
import './styles/menu.css';
import './styles/media-queries.css';
import './styles/icons.css';

/** Below this width the menu is the mobile panel (the 992 px breakpoint; docs/decisions.md, "Documents and rendering"). */
export const MOBILE_QUERY = '(max-width: 991.98px)';

export default defineBlock<HeaderProps>({
  // The server renders the models menu into the page, so it loads the menu's code first; a
  // hydrating page does not run this, and loads it when the menu is wanted (models-panel.ts).
  load: async () => {
    await loadModelsPanel().catch(() => {});
  },
  component: function Header({ props, block }) {
    const { site } = useSite();
    const { pathname } = useLocation();
    const enhanced = useMounted();
    const isMobile = useMediaQuery(MOBILE_QUERY);
    const menu = useHeaderMenu(isMobile);
    // Ids from the block id (unique in the document): stable between server and browser.
    const navId = `${block.id}-nav`;
    const className = [
      'fc-header',
      props.sticky ? 'fc-header--sticky' : '',
      enhanced ? 'fc-header--js' : '',
      menu.mobileOpen ? 'fc-header--menu-open' : '',
    ]
      .filter(Boolean)
      .join(' ');

    return (
      <header
        ref={menu.headerRef}
        className={className}
        onKeyDown={menu.onHeaderKeyDown}
        data-block-id={block.id}
        {...{ [STICKY_BELOW_BANNER]: props.sticky ? '' : undefined }}
      >
        <div className="fc-container fc-header__bar">
          <Logo site={site} current={pathname === '/'} />
          <HeaderActions
            phone={props.phone}
            mobileOpen={menu.mobileOpen}
            navId={navId}
            toggleRef={menu.toggleRef}
            onToggle={menu.toggleMobile}
          />
        </div>
        {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- closes the phone menu after a click on one of its links, which take keys themselves */}
        <nav
          id={navId}
          className={`fc-header__nav${menu.mobileOpen ? ' fc-header__nav--open' : ''}`}
          aria-label="Main"
          onClick={menu.onNavClick}
        >
          <div className="fc-container">
            <ul className="fc-menu">
              {props.menu.map((item, index) => (
                <MenuEntry
                  key={index}
                  index={index}
                  item={item}
                  open={menu.openItem === index}
                  isMobile={isMobile}
                  pathname={pathname}
                  onOpenChange={(open) => menu.setItemOpen(index, open)}
                  idBase={`${block.id}-m${index}`}
                />
              ))}
            </ul>
          </div>
        </nav>
      </header>
    );
  },
});
