import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import type { Duplex } from 'node:stream';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { NOINDEX_HEADER, NOINDEX_PATHS, robotsTxt, sitemapXml } from '../shared/search-engines';
import type { WebConfig } from '../shared/web-config';
import { API_PATH_PREFIXES } from '../functions/routes';
import type { ApiAdapter } from './api-adapter';
import type { SocketGateway } from './socket-gateway';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};

/** The headers CloudFront's response-headers policy adds in AWS, with the same content security policy. */
function securityHeaders(contentSecurityPolicy: string) {
  return {
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
  };
}

/**
 * One origin for the SPA and the API, as CloudFront serves them in AWS: `/api/*`, `/ical/*` and `/mcp` go to the API
 * adapter, the WebSocket upgrade to the socket gateway, files come from the built SPA, and any
 * other path falls back to index.html.
 */
export async function startHttpServer(options: {
  port: number;
  host?: string;
  api: ApiAdapter;
  webDir: string;
  webConfig: WebConfig;
  /** shared/content-security-policy.ts's policy for this stack's Cognito and voice agent. */
  contentSecurityPolicy: string;
  /** The WebSocket API, reached by an upgrade on CHANGE_SOCKET_PATH as CloudFront passes it on. */
  sockets?: Pick<SocketGateway, 'handleUpgrade'>;
}) {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-cache' });
      response.end(JSON.stringify(options.webConfig));
      return;
    }
    // A prefix's own path too: /mcp is a route (and /api answers the API's 404, not the SPA).
    const serve = API_PATH_PREFIXES.some((prefix) => `${path}/`.startsWith(prefix)) ? serveApi : serveWeb;
    serve(request, response, options).catch((error: unknown) => {
      console.error(JSON.stringify({ level: 'error', message: 'local server error', path, error: String(error) }));
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Internal Server Error' }));
    });
  });
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (options.sockets) options.sockets.handleUpgrade(request, socket, head);
    else socket.destroy();
  });
  // Node closes an idle kept-alive socket after 5 s; a client sending on it at that moment gets
  // ECONNRESET (seen in the browser tests). Idle sockets stay open longer, as behind CloudFront.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function serveApi(request: IncomingMessage, response: ServerResponse, options: { api: ApiAdapter }): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const answer = await options.api({
    method: request.method ?? 'GET',
    url: request.url ?? '/',
    headers: request.headers,
    body: Buffer.concat(chunks),
    sourceIp: request.socket.remoteAddress ?? '127.0.0.1',
  });
  response.writeHead(answer.status, answer.headers);
  response.end(answer.bytes ?? answer.body);
}

/** The files made at deploy time in AWS (infra/stacks/web-stack.ts), for the site the browser asked. */
const SITE_FILES: Record<string, (origin: string) => string> = { '/robots.txt': robotsTxt, '/sitemap.xml': sitemapXml };

async function serveWeb(request: IncomingMessage, response: ServerResponse, options: { webDir: string; contentSecurityPolicy: string }): Promise<void> {
  const index = join(options.webDir, 'index.html');
  if (!existsSync(index)) {
    response.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    response.end('The web app is not built yet: run `npm run build:web`.');
    return;
  }
  const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
  const siteFile = SITE_FILES[path];
  if (siteFile) {
    const body = Buffer.from(siteFile(`http://${request.headers.host ?? '127.0.0.1'}`));
    send(request, response, { 'content-type': CONTENT_TYPES[extname(path)]!, 'cache-control': 'no-cache' }, body);
    return;
  }
  const candidate = normalize(join(options.webDir, path));
  const inside = candidate.startsWith(options.webDir + sep);
  const candidateStat = inside && existsSync(candidate) ? statSync(candidate) : null;
  const [file, fileStat] = candidateStat?.isFile() ? [candidate, candidateStat] : [index, statSync(index)];
  const hashed = file !== index && file.includes(`${sep}assets${sep}`);
  const headers = {
    ...securityHeaders(options.contentSecurityPolicy),
    ...(NOINDEX_PATHS.includes(path) ? { [NOINDEX_HEADER.name.toLowerCase()]: NOINDEX_HEADER.value } : {}),
    'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
  send(request, response, headers, readFileSync(file), { file, mtimeMs: fileStat.mtimeMs });
}

/** What CloudFront compresses (its list of types, from 1 KB): text, scripts, styles, JSON, SVG. */
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml)|image\/svg\+xml)/;
/** Each built file's compressed form per encoding, for the version (modification time) it was made from. */
const compressedFiles = new Map<string, { mtimeMs: number; data: Buffer }>();

/**
 * Answers with brotli or gzip when the browser takes it, as CloudFront does with the cache policy
 * the SPA uses. A built file is compressed once per version of it (a rebuild replaces it).
 */
function send(
  request: IncomingMessage,
  response: ServerResponse,
  headers: Record<string, string>,
  body: Buffer,
  built?: { file: string; mtimeMs: number },
): void {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
  if (!encoding || body.length < 1024 || !COMPRESSIBLE.test(headers['content-type'] ?? '')) {
    response.writeHead(200, { ...headers, vary: 'accept-encoding' });
    response.end(body);
    return;
  }
  const compress = () =>
    encoding === 'br'
      ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : gzipSync(body, { level: 9 });
  const compressed = built ? compressedVersion(`${built.file}:${encoding}`, built.mtimeMs, compress) : compress();
  response.writeHead(200, { ...headers, vary: 'accept-encoding', 'content-encoding': encoding });
  response.end(compressed);
}

function compressedVersion(key: string, mtimeMs: number, compress: () => Buffer): Buffer {
  const cached = compressedFiles.get(key);
  if (cached?.mtimeMs === mtimeMs) return cached.data;
  const data = compress();
  compressedFiles.set(key, { mtimeMs, data });
  return data;
}
