import { useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { NavLink, Outlet, useNavigate } from 'react-router';
import { LogOut, Menu, X } from 'lucide-react';
import { hasRole } from '@tours-cms/contract';
import { useAuth } from '../../lib/session';
import { useContactsSummary } from '../../features/contacts/api/get-contacts-summary';
import { NAV_ITEMS } from './nav-items';

const CONTACTS_PATH = '/admin/contacts';

/** The shared layout: sidebar 'WordPress CRM', header with greeting, email and Logout, main area. */
export function AdminLayout() {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenuButton = useRef<HTMLButtonElement>(null);
  // The count of new inquiries beside Contacts, so no inquiry waits unseen.
  const contactsSummary = useContactsSummary(Boolean(user));

  // The phone menu covers the screen like a dialog: focus moves into it, Escape, the backdrop or a choice closes
  // it and focus goes back to the menu button; the content behind is inert meanwhile. Widening to the desktop
  // layout, where the sidebar is always shown, closes it too.
  const closeMenu = useCallback(() => {
    // The button is inert until the menu is closed, so close first, then focus it.
    flushSync(() => setMenuOpen(false));
    menuButton.current?.focus();
  }, []);
  useEffect(() => {
    if (!menuOpen) return;
    closeMenuButton.current?.focus();
    const closeOnEscape = (event: KeyboardEvent) => event.key === 'Escape' && closeMenu();
    const desktop = window.matchMedia?.('(min-width: 768px)');
    const closeOnDesktop = () => desktop?.matches && setMenuOpen(false);
    document.addEventListener('keydown', closeOnEscape);
    desktop?.addEventListener('change', closeOnDesktop);
    return () => {
      document.removeEventListener('keydown', closeOnEscape);
      desktop?.removeEventListener('change', closeOnDesktop);
    };
  }, [menuOpen, closeMenu]);

  if (!user) return null;
  const items = NAV_ITEMS.filter((item) => hasRole(user.role, item.role));
  const newInquiries = contactsSummary.data?.new ?? 0;

  const handleLogout = async () => {
    await logout();
    navigate('/admin', { replace: true });
  };

  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      {menuOpen && (
        <div className="fixed inset-0 z-30 bg-slate-900/50 md:hidden" aria-hidden="true" onClick={closeMenu} />
      )}
      <aside
        id="sidebar"
        className={`${menuOpen ? 'block' : 'hidden'} fixed inset-y-0 left-0 z-40 w-64 shrink-0 overflow-y-auto bg-slate-900 text-slate-200 md:static md:block md:self-stretch md:overflow-visible`}
      >
        {/* The column's dark background runs the page's whole height; its contents stay in view while it scrolls. */}
        <div className="md:sticky md:top-0 md:max-h-screen md:overflow-y-auto">
          <div className="flex h-16 items-center justify-between border-b border-slate-800 px-6">
            <span className="text-lg font-semibold text-white">WordPress CRM</span>
            {menuOpen && (
              <button
                ref={closeMenuButton}
                type="button"
                className="icon-btn -mr-2 text-slate-300 hover:bg-slate-800 hover:text-white md:hidden"
                aria-label="Close menu"
                onClick={closeMenu}
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </button>
            )}
          </div>
          <nav aria-label="Main" className="overflow-y-auto px-3 py-4">
            <ul className="space-y-1">
              {items.map(({ label, to, icon: Icon }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    onClick={() => menuOpen && closeMenu()}
                    className={({ isActive }) =>
                      `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                        isActive ? 'bg-blue-600 text-white' : 'text-slate-300 hover:bg-slate-800 hover:text-white'
                      }`
                    }
                  >
                    <Icon className="h-4 w-4" aria-hidden="true" />
                    {label}
                    {to === CONTACTS_PATH && newInquiries > 0 && (
                      <span className="ml-auto rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-slate-900">
                        {newInquiries}
                        <span className="sr-only"> new</span>
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col" inert={menuOpen}>
        <header className="sticky top-0 z-20 flex h-16 items-center justify-between gap-4 border-b border-slate-200 bg-white px-4 md:px-8">
          <button
            ref={menuButton}
            type="button"
            className="icon-btn md:hidden"
            aria-label="Open menu"
            aria-controls="sidebar"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="h-5 w-5" aria-hidden="true" />
          </button>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">
              Welcome back, {user.full_name || user.username}!
            </p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <button type="button" className="btn-secondary" onClick={handleLogout}>
            <LogOut className="h-4 w-4" aria-hidden="true" />
            Logout
          </button>
        </header>
        <main id="main" className="flex-1 px-4 py-6 md:px-8 md:py-8">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
