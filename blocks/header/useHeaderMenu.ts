/**
 * Which part of the header menu is open: at most one dropdown, and (below 992 px) the
 * mobile panel. A click or tap outside the open dropdown closes it, outside the header
 * closes everything; Escape closes the mobile panel and returns focus to its button;
 * following a link closes the menu (client-side navigation keeps the header mounted);
 * leaving the mobile layout closes the panel.
 */
import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';

export function useHeaderMenu(isMobile: boolean) {
  const [openItem, setOpenItem] = useState<number | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const headerRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  const closeAll = useCallback(() => {
    setOpenItem(null);
    setMobileOpen(false);
  }, []);

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

  useEffect(() => {
    if (!isMobile) setMobileOpen(false);
  }, [isMobile]);

  return {
    openItem,
    mobileOpen,
    headerRef,
    toggleRef,
    /** Opens one dropdown (closing any other) or closes it. */
    setItemOpen: (index: number, open: boolean) => setOpenItem(open ? index : null),
    toggleMobile: () => {
      setMobileOpen((open) => !open);
      setOpenItem(null);
    },
    onHeaderKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key === 'Escape' && mobileOpen) {
        setMobileOpen(false);
        setOpenItem(null);
        toggleRef.current?.focus();
      }
    },
    onNavClick: (event: MouseEvent<HTMLElement>) => {
      if ((event.target as HTMLElement).closest('a')) closeAll();
    },
  };
}
