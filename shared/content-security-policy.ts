/**
 * The web app's content security policy: what the SPA may load and talk to, and nothing more. One
 * definition, two readers: CloudFront's response-headers policy (infra/stacks/web-stack.ts) and the
 * local server (local/http-server.ts), so the browser tests run under the policy AWS serves.
 */
export interface CspSources {
  /** Cognito's user-pool API: cognito-idp in AWS, cognito-local's endpoint on a laptop. */
  cognito: string;
  /** The hosted UI's origin, whose token endpoint Amplify calls after a Google sign-in; null without Google. */
  googleSignIn: string | null;
  /** The ElevenLabs API the voice configuration names: the conversation's WebSocket is on its host. */
  voiceApiBase: string;
  /** The error-reporting DSN the SPA sends to (shared/error-reporting.ts): exactly its origin is allowed; null allows none. */
  errorReportingDsn: string | null;
}

export function contentSecurityPolicy({ cognito, googleSignIn, voiceApiBase, errorReportingDsn }: CspSources): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'connect-src': [
      "'self'",
      cognito,
      ...(googleSignIn ? [googleSignIn] : []),
      socketOrigin(voiceApiBase),
      ...(errorReportingDsn ? [new URL(errorReportingDsn).origin] : []),
    ],
    // Session replay compresses its recording in a worker the SDK makes from a blob: URL.
    'worker-src': ["'self'", 'blob:'],
    // The audio worklets are served from the app itself (web/build/plugins/self-hosted-audio-worklets.ts),
    // not from blob: URLs; libsamplerate's worklet, for browsers that cannot record at 16 kHz, compiles WebAssembly.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'img-src': ["'self'", 'data:'],
    'style-src': ["'self'", "'unsafe-inline'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
  };
  return Object.entries(directives)
    .map(([directive, sources]) => `${directive} ${sources.join(' ')}`)
    .join('; ');
}

/** wss:// (ws:// for a local double) on the host of an http(s) API base. */
function socketOrigin(apiBase: string): string {
  const url = new URL(apiBase);
  return `${url.protocol === 'http:' ? 'ws:' : 'wss:'}//${url.host}`;
}
