/**
 * The SPA's shell until the screens land (accounts and app issues): it tells a visitor where they
 * are and where the API is.
 */
export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 640, margin: '4rem auto', padding: '0 1rem', lineHeight: 1.5 }}>
      <h1>Tempo</h1>
      <p>Your goals, tasks and calendar, with a voice assistant that keeps them up to date while you talk.</p>
      <p>
        The screens are on their way. The API answers at <code>/api</code>; its description is in{' '}
        <code>docs/openapi.json</code>.
      </p>
    </main>
  );
}
