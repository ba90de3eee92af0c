import { CHANGE_SOCKET_PATH } from '../../shared/constants';

/**
 * The WebSocket API the change notices go out on, read by the CDK (infra/stacks/change-notices-stack.ts)
 * and the local gateway (local/socket-gateway.ts). Its stage is named as the path CloudFront
 * passes on, so the socket is on the site's own origin.
 */
export const SOCKET_API = {
  stage: CHANGE_SOCKET_PATH.slice(1),
  routes: ['$connect', '$disconnect', '$default'],
  /** functions/<handler>.ts serves every route. */
  handler: 'change-notices/handler',
  /** On $connect only; API Gateway refuses an upgrade without the identity source before calling it. */
  authorizer: { source: 'change-notices/authorizer', queryParameter: 'ticket' },
} as const;
