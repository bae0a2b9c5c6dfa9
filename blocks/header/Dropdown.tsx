/**
 * One disclosure dropdown of the main menu (WAI-ARIA APG "disclosure navigation menu"):
 * a button with aria-expanded/aria-controls; Enter/Space toggle, ArrowDown opens and moves
 * into the panel, Up/Down/Home/End move inside it, Escape closes and returns focus to the
 * button, and moving focus out closes it.
 */
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { Chevron } from './icons.tsx';

const FOCUSABLE = 'a[href], button:not([disabled])';

/** Focusable links/buttons of a panel that are shown (the inactive model tab panels are not rendered). */
function focusables(panel: HTMLElement | null): HTMLElement[] {
  if (!panel) return [];
  return [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.closest('[hidden]'),
  );
}

export interface DropdownProps {
  /** Position in the menu (the outside-click rule finds the open item by it). */
  index: number;
  /** The button's words, translated. */
  label: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Prefix of the panel's id. */
  idBase: string;
  /** The wide models panel. */
  mega: boolean;
  /**
   * The panel's contents are built only once wanted (opened, or a pointer over or focus on the
   * button), and may come later still (`children` null while their code loads): until then the
   * server's HTML of them stays as it is, links and all, without React building it (the models
   * menu was a fifth of a car page's hydration; docs/render.md, "The closed models menu").
   */
  deferred?: boolean;
  /** Called once the contents are wanted (to load their code). */
  onWant?: () => void;
  children: ReactNode;
}

/** The server's HTML of the panel is in the document: this render hydrates it. */
const serverPanel = (id: string) =>
  typeof document !== 'undefined' && !!document.getElementById(id)?.firstChild;

export function Dropdown({
  index,
  label,
  open,
  onOpenChange,
  idBase,
  mega,
  deferred,
  onWant,
  children,
}: DropdownProps) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  const panelId = `${idBase}-panel`;
  const [wanted, setWanted] = useState(() => !deferred || !serverPanel(panelId));
  // Opening wants the contents in the same render, so focus can move into them at once.
  if (open && !wanted) setWanted(true);
  const want = () => setWanted(true);
  const kept = !!deferred && (!wanted || children == null);
  useEffect(() => {
    if (wanted) onWant?.();
  }, [wanted, onWant]);
  // The server's links give way to React's when their code arrives: focus stays on the same one.
  const focusAt = useRef(-1);
  useLayoutEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    if (!kept && lost) focusables(panelRef.current)[focusAt.current]?.focus();
  }, [kept]);

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
      className={`fc-menu__item fc-menu__item--dropdown${mega ? ' fc-menu__item--mega' : ''}${open ? ' fc-menu__item--open' : ''}`}
      data-menu-index={index}
      onKeyDown={onItemKeyDown}
      onBlur={onBlur}
      onPointerEnter={wanted ? undefined : want}
    >
      <button
        ref={buttonRef}
        type="button"
        className="fc-menu__top fc-menu__button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        onFocus={wanted ? undefined : want}
        onKeyDown={onButtonKeyDown}
        onKeyUp={(event) => {
          // Space activates a button on key up; it was already handled on key down.
          if (event.key === ' ') event.preventDefault();
        }}
      >
        {label}
        <Chevron />
      </button>
      <div
        ref={panelRef}
        id={panelId}
        className={`fc-menu__panel${mega ? ' fc-menu__panel--mega' : ''}`}
        onKeyDown={onPanelKeyDown}
        onFocus={(event) => (focusAt.current = focusables(panelRef.current).indexOf(event.target))}
        // Hydration leaves an element with inner HTML as the server sent it (no warning: it differs on purpose).
        {...(kept
          ? { dangerouslySetInnerHTML: { __html: '' }, suppressHydrationWarning: true }
          : { children })}
      />
    </li>
  );
}
