/**
 * Something made once, and made again if one of the environment variables it depends on changes. In
 * Lambda they never change; locally they name a local engine and table, which a test process may
 * start more than once (each local stack's table stream and bus listen at addresses of their own).
 */
export function madePerSettings<T>(variables: readonly string[], make: () => T): () => T {
  let made: { settings: string; value: T } | undefined;
  return () => {
    const settings = variables.map((variable) => process.env[variable] ?? '').join('\n');
    if (made?.settings !== settings) made = { settings, value: make() };
    return made.value;
  };
}

/** An AWS SDK client made once per value of the variable that names its endpoint (unset in Lambda). */
export function clientPerEndpoint<T>(variable: string, make: (endpoint: string | undefined) => T): () => T {
  return madePerSettings([variable], () => make(process.env[variable]));
}
