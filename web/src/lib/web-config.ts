import { cognitoEndpoint, type WebConfig } from '../../../shared/web-config';

let loading: Promise<WebConfig> | undefined;
let loaded: WebConfig | undefined;

/** /config.json (the stack's user pool, Google sign-in, voice), read once; a failed read may be retried. */
export function loadWebConfig(): Promise<WebConfig> {
  loading ??= readWebConfig().then(
    (config) => (loaded = config),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The configuration if it has arrived already, for a first render that should not wait a turn for it. */
export function loadedWebConfig(): WebConfig | undefined {
  return loaded;
}

/** Where the browser signs in: Cognito's endpoint in the stack's region, or cognito-local. */
export function cognitoOrigin(config: WebConfig): string {
  return config.userPoolEndpoint ? new URL(config.userPoolEndpoint).origin : cognitoEndpoint(config.region);
}

/** Opens the connection to `origin` ahead of the first request to it (DNS, TCP and TLS), once. */
export function preconnect(origin: string): void {
  if (document.querySelector(`link[rel="preconnect"][href="${origin}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  link.crossOrigin = 'anonymous';
  document.head.append(link);
}

async function readWebConfig(): Promise<WebConfig> {
  const response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Could not load /config.json (${response.status})`);
  return (await response.json()) as WebConfig;
}
