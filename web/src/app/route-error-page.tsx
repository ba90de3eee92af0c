import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** Whatever a page throws lands here: the title the spec names, and a way back. */
export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : null;
  return (
    <main id="main" className="page-status">
      <title>Unexpected Application Error! · Tempo</title>
      <h1>Unexpected Application Error!</h1>
      <p>Something went wrong while showing this page. Reloading usually helps.</p>
      {detail && <p className="page-status__detail">{detail}</p>}
      {/* A full load, not a router link: it starts the app afresh. */}
      <a className="button button--primary" href="/">
        Return to Home
      </a>
    </main>
  );
}
