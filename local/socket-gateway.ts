import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import type { APIGatewayAuthorizerResult, APIGatewayProxyResultV2, APIGatewayRequestAuthorizerEvent, Context } from 'aws-lambda';
import { WebSocketServer, type WebSocket } from 'ws';
import type { SocketEvent } from '../functions/change-notices/handler';
import { SOCKET_API } from '../functions/change-notices/socket-api';
import { CHANGE_SOCKET_PATH, SOCKET_SIZE_LIMITS } from '../shared/constants';
import { LOCAL_AWS_CREDENTIALS } from './environment';
import { loadHandler } from './functions';
import { lambdaContext } from './lambda-context';

type Authorizer = (event: APIGatewayRequestAuthorizerEvent, context: Context) => Promise<APIGatewayAuthorizerResult>;
type RouteHandler = (event: SocketEvent, context: Context) => Promise<APIGatewayProxyResultV2>;

/** API Gateway closes a WebSocket no frame crossed for this long. */
const IDLE_TIMEOUT_MS = 10 * 60_000;

/**
 * Plays the WebSocket API (functions/change-notices/socket-api.ts) in front of the same functions the CDK
 * deploys: on an upgrade at CHANGE_SOCKET_PATH it runs the REQUEST authorizer with API Gateway's
 * event, then the $connect route with the authorizer's context; frames go to $default
 * and the close to $disconnect; as API Gateway does, a frame over 32 KB or a message over 128 KB
 * closes the socket with 1009 (SOCKET_SIZE_LIMITS). The `@connections` management API (post, get,
 * delete a connection; 410 GoneException for one that is not open) listens on a loopback port of
 * its own, where the sender's SDK client reaches it (WEBSOCKET_MANAGEMENT_ENDPOINT), and, as API
 * Gateway wants IAM credentials, answers only requests signed with the local stack's access key.
 */
export async function startSocketGateway() {
  const sockets = new WebSocketServer({ noServer: true, maxPayload: SOCKET_SIZE_LIMITS.messageBytes });
  const open = new Map<string, WebSocket>();
  const authorize = () => loadHandler<Authorizer>(SOCKET_API.authorizer.source);
  const route = () => loadHandler<RouteHandler>(SOCKET_API.handler);

  function requestContext(request: IncomingMessage, connectionId: string, routeKey: string) {
    const at = Date.now();
    return {
      routeKey,
      eventType: routeKey === '$connect' ? 'CONNECT' : routeKey === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      connectionId,
      connectedAt: at,
      requestTimeEpoch: at,
      requestTime: new Date(at).toUTCString(),
      requestId: randomUUID(),
      extendedRequestId: randomUUID(),
      messageDirection: 'IN',
      stage: SOCKET_API.stage,
      apiId: 'local',
      domainName: request.headers.host ?? '127.0.0.1',
      identity: { sourceIp: request.socket.remoteAddress ?? '127.0.0.1', userAgent: request.headers['user-agent'] },
    };
  }

  async function invoke(request: IncomingMessage, connectionId: string, routeKey: string, authorizer: Record<string, unknown>, body?: string) {
    const event = {
      requestContext: { ...requestContext(request, connectionId, routeKey), authorizer },
      isBase64Encoded: false,
      ...(body === undefined ? {} : { body }),
    } as unknown as SocketEvent;
    return (await route())(event, lambdaContext(SOCKET_API.handler));
  }

  /** Authorizes and connects, answering the status a refused upgrade gets, or the authorizer's context. */
  async function connect(request: IncomingMessage, url: URL, connectionId: string): Promise<{ status: number } | { context: Record<string, unknown> }> {
    const authorizerEvent = {
      type: 'REQUEST',
      methodArn: `arn:aws:execute-api:us-east-1:000000000000:local/${SOCKET_API.stage}/$connect`,
      headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
      queryStringParameters: Object.fromEntries(url.searchParams),
      requestContext: requestContext(request, connectionId, '$connect'),
    } as unknown as APIGatewayRequestAuthorizerEvent;
    if (!url.searchParams.get(SOCKET_API.authorizer.queryParameter)) return { status: 401 };
    let policy: APIGatewayAuthorizerResult;
    try {
      policy = await (await authorize())(authorizerEvent, lambdaContext(SOCKET_API.authorizer.source));
    } catch {
      return { status: 401 };
    }
    if (!policy.policyDocument.Statement.every((statement) => statement.Effect === 'Allow')) return { status: 403 };
    const context = { ...policy.context, principalId: policy.principalId };
    const answer = await invoke(request, connectionId, '$connect', context).catch(() => ({ statusCode: 500 }));
    const status = typeof answer === 'object' ? (answer.statusCode ?? 200) : 200;
    return status >= 200 && status < 300 ? { context } : { status };
  }

  function handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== CHANGE_SOCKET_PATH) return refuse(socket, 404);
    const connectionId = randomBytes(9).toString('base64');
    void connect(request, url, connectionId).then((outcome) => {
      if ('status' in outcome) return refuse(socket, outcome.status);
      sockets.handleUpgrade(request, socket, head, (ws) => {
        limitFrameSize(ws);
        // A frame or message past the quotas fails the socket, which closes with 1009: nothing more to do.
        ws.on('error', () => undefined);
        open.set(connectionId, ws);
        let idle = setTimeout(() => ws.close(1001, 'Going away'), IDLE_TIMEOUT_MS);
        ws.on('message', (data: Buffer) => {
          clearTimeout(idle);
          idle = setTimeout(() => ws.close(1001, 'Going away'), IDLE_TIMEOUT_MS);
          void invoke(request, connectionId, '$default', outcome.context, data.toString('utf8')).catch(() => undefined);
        });
        ws.on('close', () => {
          clearTimeout(idle);
          open.delete(connectionId);
          void invoke(request, connectionId, '$disconnect', outcome.context).catch(() => undefined);
        });
      });
    });
  }

  const management = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const refusal = unsigned(request);
      if (refusal) return answer(response, 403, refusal.type, refusal.message);
      const match = /^\/@connections\/([^/?]+)/.exec(request.url ?? '');
      const connectionId = match ? decodeURIComponent(match[1]!) : '';
      const ws = open.get(connectionId);
      if (!match) return answer(response, 404, 'NotFoundException', 'No method found matching route');
      if (!ws) return answer(response, 410, 'GoneException', '');
      if (request.method === 'POST') ws.send(Buffer.concat(chunks).toString('utf8'));
      else if (request.method === 'DELETE') ws.close(1000);
      const info = request.method === 'GET' ? { connectedAt: new Date().toISOString(), identity: {}, lastActiveAt: new Date().toISOString() } : null;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(info ? JSON.stringify(info) : '');
    });
  });
  await new Promise<void>((resolve) => management.listen(0, '127.0.0.1', resolve));
  const { port } = management.address() as AddressInfo;

  return {
    handleUpgrade,
    /** The `@connections` API's endpoint, as the stage's https://<api>.execute-api.<region>.amazonaws.com/<stage>. */
    managementEndpoint: `http://127.0.0.1:${port}`,
    /** How many sockets are open (tests use it). */
    openCount: () => open.size,
    async stop(): Promise<void> {
      for (const ws of open.values()) ws.terminate();
      management.closeAllConnections();
      await new Promise<void>((resolve) => management.close(() => resolve()));
    },
  };
}

export type SocketGateway = Awaited<ReturnType<typeof startSocketGateway>>;

function refuse(socket: Duplex, status: number): void {
  const reason = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found' }[status] ?? 'Internal Server Error';
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * Why a `@connections` request is refused, as API Gateway words it, or null for one signed (SigV4)
 * with the local stack's access key id: no Authorization header, or another key.
 */
function unsigned(request: IncomingMessage): { type: string; message: string } | null {
  const keyId = /Credential=([^/,\s]+)\//.exec(request.headers.authorization ?? '')?.[1];
  if (!keyId) return { type: 'MissingAuthenticationTokenException', message: 'Missing Authentication Token' };
  const expected = Buffer.from(LOCAL_AWS_CREDENTIALS.accessKeyId);
  const given = Buffer.from(keyId);
  const known = given.length === expected.length && timingSafeEqual(given, expected);
  return known ? null : { type: 'UnrecognizedClientException', message: 'The security token included in the request is invalid.' };
}

/**
 * API Gateway's frame quota, which `ws` has no option for (its maxPayload bounds a whole message):
 * a data frame whose header announces more than SOCKET_SIZE_LIMITS.frameBytes fails the socket with
 * 1009 before its payload is read, through the receiver's own error path.
 */
function limitFrameSize(ws: WebSocket): void {
  type Receiver = { _payloadLength: number; _opcode: number; haveLength(cb: (error?: Error) => void): void; createError(...args: unknown[]): Error };
  const receiver = (ws as unknown as { _receiver?: Receiver })._receiver;
  if (!receiver || typeof receiver.haveLength !== 'function') throw new Error('ws changed: its receiver has no haveLength to bound frames with');
  const haveLength = receiver.haveLength.bind(receiver);
  receiver.haveLength = (cb) => {
    if (receiver._opcode < 0x08 && receiver._payloadLength > SOCKET_SIZE_LIMITS.frameBytes) {
      return cb(receiver.createError(RangeError, 'Frame size exceeded', false, SOCKET_SIZE_LIMITS.closeCode, 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'));
    }
    haveLength(cb);
  };
}

function answer(response: ServerResponse, status: number, type: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json', 'x-amzn-errortype': type });
  response.end(JSON.stringify({ message }));
}
