import { useEffect, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from '../../lib/navigation';
import { Button } from '../ui/button';
import { classNames } from '../ui/class-names';
import { Icon, type IconName } from '../ui/icon';
import { useIsMobile } from '../ui/use-is-mobile';
import type { Profile } from './profile';
import './app-layout.css';
import type { AppTexts } from '../../i18n/catalogue-types';
import { useAppTexts } from '../../i18n/texts';
import { formatDayAs, formatMinutes, type DateTexts } from '../../lib/zoned-dates';
import { zonedParts } from '../../../../shared/zoned-time';

const NAVIGATION = [
  { to: '/dashboard', page: 'dashboard', icon: 'home' },
  { to: '/goals', page: 'goals', icon: 'goals' },
  { to: '/tasks', page: 'tasks', icon: 'tasks' },
  { to: '/calendar', page: 'calendar', icon: 'schedule' },
  { to: '/trash', page: 'trash', icon: 'trash' },
  { to: '/settings', page: 'settings', icon: 'settings' },
] as const satisfies readonly { to: string; page: keyof AppTexts['nav']['pages']; icon: IconName }[];

const COLLAPSED_KEY = 'tempo.sidebarCollapsed';

interface AppLayoutProps {
  profile: Profile | undefined;
  onSignOut: () => void;
  /** Extra sidebar actions above Sign Out (Report a Bug); `compact` while the sidebar is collapsed. */
  sidebarActions?: (compact: boolean) => ReactNode;
  /** Floating things over the page (the voice button). */
  overlay?: ReactNode;
  /** Always in sight (the real-time status): the phone's top bar, or the sidebar's foot; `compact` while the sidebar is collapsed. */
  status?: (compact: boolean) => ReactNode;
  children: ReactNode;
}

/** The account under the name: its address, or for a demo account "Demo account" and when it ends (a weekday too when that is not today). */
function accountLine(profile: Profile, t: AppTexts['nav'], dates: DateTexts): string {
  if (!profile.demo) return profile.email;
  const { endsAt, timeZone } = profile.demo;
  if (!endsAt || !timeZone) return t.demoAccount;
  const ends = zonedParts(endsAt, timeZone);
  const time = formatMinutes(ends.minutes, dates);
  return t.demoAccountEnds(ends.day === zonedParts(new Date(), timeZone).day ? time : `${formatDayAs(ends.day, 'EEE', dates)} ${time}`);
}

/**
 * The signed-in frame: a sidebar (collapsible on desktop, remembered in this browser; a slide-in
 * drawer under 768 px that closes on navigation), the mobile top bar, and the page in `main`.
 */
export function AppLayout({ profile, onSignOut, sidebarActions, overlay, status, children }: AppLayoutProps) {
  const mobile = useIsMobile();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const sidebar = useRef<HTMLElement>(null);

  useEffect(() => {
    localStorage.setItem(COLLAPSED_KEY, String(collapsed));
  }, [collapsed]);
  // Navigating (or growing past the breakpoint) closes the drawer.
  useEffect(() => setDrawerOpen(false), [pathname, mobile]);
  // The keyboard follows the drawer: into it as it opens, back to the menu button when it is
  // dismissed (a link chosen in it sends the focus to the page instead: see the links).
  const dismissDrawer = () => {
    setDrawerOpen(false);
    menuButton.current?.focus();
  };
  useEffect(() => {
    if (!drawerOpen) return;
    sidebar.current?.querySelector<HTMLElement>('a[href]')?.focus();
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dismissDrawer();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [drawerOpen]);

  const narrow = !mobile && collapsed;
  const sidebarHidden = mobile && !drawerOpen;
  const texts = useAppTexts();
  const t = texts.nav;
  const account = profile ? accountLine(profile, t, texts.dates) : '';
  const who = (profile?.demo ? account : profile?.name) || account;

  return (
    <div className={classNames('app-shell', narrow && 'app-shell--collapsed')}>
      <a className="skip-link" href="#main-content">
        {t.skipToMain}
      </a>
      {mobile && (
        <header className="app-topbar">
          <button
            ref={menuButton}
            type="button"
            className="app-topbar__menu"
            aria-expanded={drawerOpen}
            aria-controls="app-sidebar"
            aria-label={drawerOpen ? t.closeMenu : t.openMenu}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <Icon name="menu" />
          </button>
          <span className="app-topbar__user">{who}</span>
          {status?.(false)}
        </header>
      )}
      {mobile && drawerOpen && <div className="app-shell__scrim" aria-hidden="true" onClick={dismissDrawer} />}

      <aside
        ref={sidebar}
        id="app-sidebar"
        className={classNames('app-sidebar', mobile && 'app-sidebar--drawer', drawerOpen && 'app-sidebar--open')}
        aria-label={t.sidebar}
        hidden={sidebarHidden}
      >
        <div className="app-sidebar__top">
          <span className="app-sidebar__brand">{narrow ? 'T' : 'Tempo'}</span>
          {!mobile && (
            <button
              type="button"
              className="app-sidebar__collapse"
              aria-expanded={!collapsed}
              aria-controls="app-sidebar"
              aria-label={collapsed ? t.expandSidebar : t.collapseSidebar}
              onClick={() => setCollapsed((value) => !value)}
            >
              <span aria-hidden="true">{collapsed ? '»' : '«'}</span>
            </button>
          )}
        </div>
        <nav aria-label={t.main}>
          <ul className="app-nav">
            {NAVIGATION.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className="app-nav__link"
                  title={narrow ? t.pages[item.page] : undefined}
                  // The drawer closes on navigation and hides this link: the page takes the focus.
                  onClick={mobile ? () => document.getElementById('main-content')?.focus() : undefined}
                >
                  <Icon name={item.icon} className="app-nav__icon" />
                  <span className={classNames(narrow && 'visually-hidden')}>{t.pages[item.page]}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={classNames('app-sidebar__footer', narrow && 'app-sidebar__footer--narrow')}>
          {!mobile && status?.(narrow)}
          {profile && !narrow && (
            <div className="app-sidebar__user">
              {/* The name's line is kept while the settings load, so the footer does not move when it arrives. */}
              {(profile.name || !profile.nameKnown) && <p className="app-sidebar__name">{profile.name ?? '\u00a0'}</p>}
              <p className="app-sidebar__email">{account}</p>
            </div>
          )}
          {sidebarActions?.(narrow)}
          <Button variant="secondary" block onClick={onSignOut} aria-label={narrow ? t.signOut : undefined}>
            <Icon name="signOut" />
            {!narrow && t.signOut}
          </Button>
        </div>
      </aside>

      <main id="main-content" className="app-main" tabIndex={-1}>
        {children}
      </main>
      {overlay}
    </div>
  );
}
