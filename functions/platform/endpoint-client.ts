/**
 * An AWS SDK client made once, and made again if the endpoint its variable names changes. In Lambda
 * the variable is unset and never changes; locally it names the local engine, which a test process
 * may start more than once (each local stack's table stream and bus listen at addresses of their own).
 */
export function clientPerEndpoint<T>(variable: string, make: (endpoint: string | undefined) => T): () => T {
  let made: { endpoint: string | undefined; client: T } | undefined;
  return () => {
    const endpoint = process.env[variable];
    if (!made || made.endpoint !== endpoint) made = { endpoint, client: make(endpoint) };
    return made.client;
  };
}
