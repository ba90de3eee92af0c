import { useRouteError } from '../lib/navigation';
import { useTexts } from '../i18n/texts';

/** Whatever a page throws lands here: a title saying something went wrong, and a way back. */
export function RouteErrorPage() {
  const error = useRouteError();
  const texts = useTexts();
  const detail = error instanceof Error ? error.message : null;
  return (
    <main id="main" className="page-status">
      <title>{`${texts.routeError.title} · Tempo`}</title>
      <h1>{texts.routeError.title}</h1>
      <p>{texts.routeError.text}</p>
      {detail && <p className="page-status__detail">{detail}</p>}
      {/* A full load, not a router link: it starts the app afresh. */}
      <a className="button button--primary" href="/">
        {texts.common.returnHome}
      </a>
    </main>
  );
}
