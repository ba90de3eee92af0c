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

/**
 * The last configuration read, kept for a start without the network: the service worker opens the
 * app offline, and its pages read what they kept (lib/offline) once the session is known, which
 * needs the user pool's names. The stage's answer always wins when it comes.
 */
const KEPT_CONFIG = 'tempo.config';

async function readWebConfig(): Promise<WebConfig> {
  let response: Response;
  try {
    response = await fetch('/config.json', { headers: { accept: 'application/json' } });
  } catch (offline) {
    const kept = keptConfig();
    if (kept) return kept;
    throw offline;
  }
  if (!response.ok) throw new Error(`Could not load /config.json (${response.status})`);
  const config = (await response.json()) as WebConfig;
  try {
    localStorage.setItem(KEPT_CONFIG, JSON.stringify(config));
  } catch {
    // Storage switched off: an offline start then waits for the network, as before.
  }
  return config;
}

function keptConfig(): WebConfig | null {
  try {
    return JSON.parse(localStorage.getItem(KEPT_CONFIG) ?? 'null') as WebConfig | null;
  } catch {
    return null;
  }
}
