/**
 * Site header: logo, main menu and a phone number.
 *
 * Menu items with children (or filled from site data: `source: "models"` or
 * `"locations"`) are disclosure dropdowns (WAI-ARIA APG "disclosure navigation menu"):
 * a button with aria-expanded/aria-controls; Enter/Space toggle, ArrowDown opens and
 * moves into the list, Up/Down/Home/End move inside it, Escape closes and returns focus
 * to the button, Tab out or a click outside closes. Below 992 px the menu is a panel
 * opened by a Menu button, dropdowns become accordions and the model dropdown shows one
 * category at a time (category tabs).
 *
 * Without JavaScript (and before hydration) desktop dropdowns open on hover and
 * keyboard focus (CSS :focus-within), so every link stays reachable.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router';
import { defineBlock } from '../../engine/render/block.ts';
import { useSite } from '../../engine/render/site-context.tsx';
import { telHref } from '../../engine/sanitize/url.ts';
import type { HeaderProps, MenuItem } from '../../schemas/types.gen.ts';
import { SiteLink } from '../_shared/SiteLink.tsx';
import { useMediaQuery, useMounted } from '../_shared/useCarousel.ts';
import { menuLocations, modelCategories, modelHref, serviceHref } from './links.ts';
import './header.css';

/** Below this width the menu is the mobile panel (the 992 px breakpoint; docs/decisions.md, "Documents and rendering"). */
export const MOBILE_QUERY = '(max-width: 991.98px)';
/** Links the model dropdown always ends with, after the models: Contact Us and Our Stock. */
export const MODEL_MENU_LINKS = [
  { label: 'Contact Us', href: '/contact' },
  { label: 'Our Stock', href: '/cars/' },
];

const FOCUSABLE = 'a[href], button:not([disabled])';

function Chevron() {
  return (
    <svg className="fc-header__chevron" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="16" height="16">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function PhoneIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
      <path
        d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.57a1 1 0 01-.25 1z"
        fill="currentColor"
      />
    </svg>
  );
}

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
      <path
        d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.25"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Focusable links/buttons of a panel that are shown (the inactive model tab panels are not rendered). */
function focusables(panel: HTMLElement | null): HTMLElement[] {
  if (!panel) return [];
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[hidden]'));
}

function isCurrent(pathname: string, href: string | undefined) {
  if (!href || !href.startsWith('/')) return false;
  const path = href.split(/[?#]/)[0];
  const norm = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  return norm(path) === norm(pathname);
}

export default defineBlock<HeaderProps>({
  component: function Header({ props, block }) {
    const { site, data, t } = useSite();
    const { pathname } = useLocation();
    const enhanced = useMounted();
    const isMobile = useMediaQuery(MOBILE_QUERY);
    const [openItem, setOpenItem] = useState<number | null>(null);
    const [mobileOpen, setMobileOpen] = useState(false);
    const headerRef = useRef<HTMLElement>(null);
    const toggleRef = useRef<HTMLButtonElement>(null);
    // Ids from the block id (unique in the document): stable between server and browser.
    const uid = block.id;
    const navId = `${uid}-nav`;
    const fix = (href: string | undefined) => serviceHref(href, site.features);

    const closeAll = useCallback(() => {
      setOpenItem(null);
      setMobileOpen(false);
    }, []);

    // A click or tap outside the open dropdown (or outside the header) closes it.
    useEffect(() => {
      if (openItem === null && !mobileOpen) return;
      const onPointerDown = (event: Event) => {
        const target = event.target as Node | null;
        const header = headerRef.current;
        if (!header || !target) return;
        if (!header.contains(target)) {
          closeAll();
          return;
        }
        const item = header.querySelector(`[data-menu-index="${openItem}"]`);
        if (openItem !== null && item && !item.contains(target)) setOpenItem(null);
      };
      document.addEventListener('pointerdown', onPointerDown);
      return () => document.removeEventListener('pointerdown', onPointerDown);
    }, [openItem, mobileOpen, closeAll]);

    // Leaving the mobile layout closes the panel.
    useEffect(() => {
      if (!isMobile) setMobileOpen(false);
    }, [isMobile]);

    const onHeaderKeyDown = (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape' && mobileOpen) {
        setMobileOpen(false);
        setOpenItem(null);
        toggleRef.current?.focus();
      }
    };

    // Following a link from the menu closes it (client-side navigation keeps the header mounted).
    const onNavClick = (event: MouseEvent<HTMLElement>) => {
      if ((event.target as HTMLElement).closest('a')) closeAll();
    };

    const logo = site.theme.logo;
    const menu = props.menu ?? [];
    const className = [
      'fc-header',
      props.sticky ? 'fc-header--sticky' : '',
      enhanced ? 'fc-header--js' : '',
      mobileOpen ? 'fc-header--menu-open' : '',
    ]
      .filter(Boolean)
      .join(' ');

    return (
      <header ref={headerRef} className={className} onKeyDown={onHeaderKeyDown} data-block-id={block.id}>
        <div className="fc-container fc-header__bar">
          <SiteLink href="/" className="fc-header__logo" aria-current={pathname === '/' ? 'page' : undefined}>
            {logo ? (
              <img
                className="fc-header__logo-image"
                src={logo.src}
                alt={logo.alt || site.name}
                width={logo.width ?? 160}
                height={logo.height ?? 48}
                fetchPriority="high"
              />
            ) : (
              <span className="fc-header__wordmark">{site.name}</span>
            )}
          </SiteLink>
          <div className="fc-header__actions">
            {props.phone && (
              <a className="fc-header__phone" href={telHref(props.phone)}>
                <PhoneIcon />
                <span className="fc-visually-hidden">Call</span>{' '}
                <span className="fc-header__phone-number">{props.phone}</span>
              </a>
            )}
            <button
              ref={toggleRef}
              type="button"
              className="fc-header__toggle"
              aria-expanded={mobileOpen}
              aria-controls={navId}
              onClick={() => {
                setMobileOpen((open) => !open);
                setOpenItem(null);
              }}
            >
              <MenuIcon open={mobileOpen} />
              <span className="fc-header__toggle-label">{mobileOpen ? 'Close' : 'Menu'}</span>
            </button>
          </div>
        </div>
        <nav id={navId} className={`fc-header__nav${mobileOpen ? ' fc-header__nav--open' : ''}`} aria-label="Main" onClick={onNavClick}>
          <div className="fc-container">
            <ul className="fc-menu">
              {menu.map((item, index) => (
                <MenuEntry
                  key={index}
                  index={index}
                  item={item}
                  open={openItem === index}
                  isMobile={isMobile}
                  pathname={pathname}
                  fix={fix}
                  onOpenChange={(open) => setOpenItem(open ? index : null)}
                  idBase={`${uid}-m${index}`}
                  t={t}
                  dataModels={data.models}
                />
              ))}
            </ul>
          </div>
        </nav>
      </header>
    );
  },
});

interface EntryProps {
  index: number;
  item: MenuItem;
  open: boolean;
  isMobile: boolean;
  pathname: string;
  fix: (href: string | undefined) => string | undefined;
  onOpenChange: (open: boolean) => void;
  idBase: string;
  t: (text: string) => string;
  dataModels: ReturnType<typeof useSite>['data']['models'];
}

function MenuEntry(props: EntryProps) {
  const { item, fix, t, pathname } = props;
  const { site } = useSite();

  let content: ReactNode = null;
  let mega = false;
  if (item.source === 'models') {
    const categories = modelCategories(props.dataModels);
    if (categories.length) {
      mega = true;
      content = <ModelsPanel categories={categories} isMobile={props.isMobile} idBase={props.idBase} label={t(item.label)} fix={fix} />;
    }
  } else if (item.source === 'locations') {
    const locations = menuLocations(site, fix(item.href) ?? '/contact');
    if (locations.length) {
      content = (
        <ul className="fc-menu__list fc-menu__list--locations">
          {locations.map((l) => (
            <li key={l.id}>
              <SiteLink href={l.href} className="fc-menu__link fc-menu__location">
                <span className="fc-menu__location-name">{t(l.label)}</span>
                {l.phone && <span className="fc-menu__location-phone">{l.phone}</span>}
              </SiteLink>
            </li>
          ))}
        </ul>
      );
    }
  } else if (item.children?.length) {
    const href = fix(item.href);
    const overview = href && !item.children.some((c) => fix(c.href) === href);
    content = (
      <ul className="fc-menu__list">
        {overview && (
          <li>
            <SiteLink href={href} className="fc-menu__link fc-menu__link--overview" aria-current={isCurrent(pathname, href) ? 'page' : undefined}>
              {t(item.label)}
            </SiteLink>
          </li>
        )}
        {item.children.map((child, i) => {
          const childHref = fix(child.href);
          return (
            <li key={i}>
              <SiteLink href={childHref} className="fc-menu__link" aria-current={isCurrent(pathname, childHref) ? 'page' : undefined}>
                {t(child.label)}
              </SiteLink>
            </li>
          );
        })}
      </ul>
    );
  }

  if (!content) {
    // A plain link (or a data-filled dropdown with nothing to show).
    const href = fix(item.href) ?? (item.source === 'models' ? '/cars/' : item.source === 'locations' ? '/contact' : undefined);
    if (!href) return null;
    return (
      <li className="fc-menu__item">
        <SiteLink href={href} className="fc-menu__top" aria-current={isCurrent(pathname, href) ? 'page' : undefined}>
          {t(item.label)}
        </SiteLink>
      </li>
    );
  }

  return (
    <Dropdown {...props} mega={mega}>
      {content}
    </Dropdown>
  );
}

function Dropdown(props: EntryProps & { mega: boolean; children: ReactNode }) {
  const { open, onOpenChange, idBase, item, t } = props;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  const panelId = `${idBase}-panel`;

  useEffect(() => {
    if (open && focusFirst.current) {
      focusFirst.current = false;
      focusables(panelRef.current)[0]?.focus();
    }
  }, [open]);

  const toggle = () => onOpenChange(!open);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      // Handled here (not by the click the browser would synthesise) so it toggles once.
      event.preventDefault();
      toggle();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open) focusables(panelRef.current)[0]?.focus();
      else {
        focusFirst.current = true;
        onOpenChange(true);
      }
    }
  };

  const onPanelKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = focusables(panelRef.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    // Category tabs use left/right themselves; up/down/home/end move through the links.
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = items[Math.min(at + 1, items.length - 1)];
    else if (event.key === 'ArrowUp') {
      if (at <= 0) next = buttonRef.current ?? undefined;
      else next = items[at - 1];
    } else if (event.key === 'Home') next = items[0];
    else if (event.key === 'End') next = items[items.length - 1];
    if (next) {
      event.preventDefault();
      next.focus();
    }
  };

  const onItemKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      onOpenChange(false);
      buttonRef.current?.focus();
    }
  };

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    // Tab (or any focus move) to somewhere outside the dropdown closes it. A null
    // relatedTarget (click on nothing focusable, window blur) is left to the outside-click rule.
    const to = event.relatedTarget as Node | null;
    if (open && to && !event.currentTarget.contains(to)) onOpenChange(false);
  };

  return (
    <li
      className={`fc-menu__item fc-menu__item--dropdown${props.mega ? ' fc-menu__item--mega' : ''}${open ? ' fc-menu__item--open' : ''}`}
      data-menu-index={props.index}
      onKeyDown={onItemKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="fc-menu__top fc-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        onKeyDown={onButtonKeyDown}
        onKeyUp={(event) => {
          // Space activates a button on key up; it was already handled on key down.
          if (event.key === ' ') event.preventDefault();
        }}
      >
        {t(item.label)}
        <Chevron />
      </button>
      <div ref={panelRef} id={panelId} className={`fc-menu__panel${props.mega ? ' fc-menu__panel--mega' : ''}`} onKeyDown={onPanelKeyDown}>
        {props.children}
      </div>
    </li>
  );
}

function ModelsPanel(props: {
  categories: ReturnType<typeof modelCategories>;
  isMobile: boolean;
  idBase: string;
  label: string;
  fix: (href: string | undefined) => string | undefined;
}) {
  const { categories, isMobile, idBase, fix } = props;
  const { t } = useSite();
  const [active, setActive] = useState(0);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = Math.min(active, categories.length - 1);
  const multiMake = new Set(categories.flatMap((c) => c.models.map((m) => m.manufacturer_name))).size > 1;

  const links = (
    <ul className="fc-models__more">
      {MODEL_MENU_LINKS.map((l) => (
        <li key={l.href}>
          <SiteLink href={fix(l.href)} className="fc-menu__link fc-models__more-link">
            {t(l.label)}
          </SiteLink>
        </li>
      ))}
    </ul>
  );

  const modelList = (models: (typeof categories)[number]['models']) => (
    <ul className="fc-models__list">
      {models.map((m) => (
        <li key={m.id}>
          <SiteLink href={modelHref(m)} className="fc-menu__link fc-models__link">
            {m.image?.url && (
              <img className="fc-models__image" src={m.image.thumb || m.image.url} alt="" width={96} height={72} loading="lazy" decoding="async" />
            )}
            <span>{multiMake ? `${m.manufacturer_name} ${m.name}` : m.name}</span>
          </SiteLink>
        </li>
      ))}
    </ul>
  );

  if (isMobile) {
    const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
      const last = categories.length - 1;
      let next = -1;
      if (event.key === 'ArrowRight') next = current === last ? 0 : current + 1;
      else if (event.key === 'ArrowLeft') next = current === 0 ? last : current - 1;
      if (next < 0) return;
      event.preventDefault();
      event.stopPropagation();
      setActive(next);
      tabRefs.current[next]?.focus();
    };
    const category = categories[current];
    return (
      <div className="fc-models fc-models--tabs">
        <div className="fc-models__tabs" role="tablist" aria-label={`${props.label} categories`}>
          {categories.map((c, i) => (
            <button
              key={c.name}
              ref={(el) => {
                tabRefs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`${idBase}-tab${i}`}
              className="fc-models__tab"
              aria-selected={i === current}
              aria-controls={`${idBase}-tabpanel`}
              tabIndex={i === current ? 0 : -1}
              onClick={() => setActive(i)}
              onKeyDown={onTabKeyDown}
            >
              {t(c.name)}
            </button>
          ))}
        </div>
        <div className="fc-models__tabpanel" role="tabpanel" id={`${idBase}-tabpanel`} aria-labelledby={`${idBase}-tab${current}`}>
          {modelList(category.models)}
        </div>
        {links}
      </div>
    );
  }

  return (
    <div className="fc-models">
      <div className="fc-models__groups">
        {categories.map((c, i) => (
          <section key={c.name} className="fc-models__group" aria-labelledby={`${idBase}-cat${i}`}>
            <h2 className="fc-models__heading" id={`${idBase}-cat${i}`}>
              {t(c.name)}
            </h2>
            {modelList(c.models)}
          </section>
        ))}
      </div>
      {links}
    </div>
  );
}
