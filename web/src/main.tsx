import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, prepareRoute, startFirstReads } from './app/route-table';
import { joinBrowserSession } from './features/auth/lib/browser-session';
import { loadCatalogue } from './i18n/catalogues';
import { currentLanguage } from './i18n/language';
import { startErrorReporting } from './lib/error-reporting';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

/** The first render waits for the public texts of the page's language and for the page's code, so no page shows before its words. */
const render = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    ),
  );
};
// First: an error of the start itself is kept until the SDK, loaded after the first paint, sends it
// (after a crash the SDK starts at once, and the first render waits for its replay).
const reporting = startErrorReporting();
registerServiceWorker();
document.documentElement.lang = currentLanguage();
// Offline, the app renders all the same: the loading state until the texts arrive, or the page saying what failed.
// A new tab takes the session another tab holds before the first render decides whether it is signed in.
// The page's data is asked for first, ahead of its code, so its few small answers do not queue
// behind the code's downloads: at once when this tab holds a session, else once it has joined another tab's.
const { pathname } = window.location;
startFirstReads(pathname);
Promise.all([loadCatalogue(currentLanguage(), 'public'), prepareRoute(pathname), joinBrowserSession().then(() => startFirstReads(pathname)), reporting]).then(
  render,
  render,
);
