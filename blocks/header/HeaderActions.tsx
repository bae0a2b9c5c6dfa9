import type { Ref } from 'react';
import { telHref } from '../../engine/sanitize/url.ts';
import { MenuIcon, PhoneIcon } from './icons.tsx';

interface HeaderActionsProps {
  phone?: string;
  mobileOpen: boolean;
  /** Id of the navigation the Menu button shows and hides. */
  navId: string;
  toggleRef: Ref<HTMLButtonElement>;
  onToggle(): void;
}

/** The bar's right-hand side: the phone number (when the header has one) and the Menu button shown below 992 px. */
export function HeaderActions({
  phone,
  mobileOpen,
  navId,
  toggleRef,
  onToggle,
}: HeaderActionsProps) {
  return (
    <div className="fc-header__actions">
      {phone && (
        <a className="fc-header__phone" href={telHref(phone)}>
          <PhoneIcon />
          <span className="fc-visually-hidden">Call</span>{' '}
          <span className="fc-header__phone-number">{phone}</span>
        </a>
      )}
      <button
        ref={toggleRef}
        type="button"
        className="fc-header__toggle"
        aria-expanded={mobileOpen}
        aria-controls={navId}
        onClick={onToggle}
      >
        <MenuIcon open={mobileOpen} />
        <span className="fc-header__toggle-label">{mobileOpen ? 'Close' : 'Menu'}</span>
      </button>
    </div>
  );
}
