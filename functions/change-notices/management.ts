import { ApiGatewayManagementApiClient, DeleteConnectionCommand, GoneException } from '@aws-sdk/client-apigatewaymanagementapi';
import { clientPerEndpoint } from '../platform/endpoint-client';
import { removeConnection } from './connections.repository';

/** The stage's `@connections` API: posting to a socket, closing one. */
export const management = clientPerEndpoint('WEBSOCKET_MANAGEMENT_ENDPOINT', (endpoint) => new ApiGatewayManagementApiClient({ endpoint }));

/**
 * Closes the user's sockets through `@connections` (API Gateway then runs their $disconnect) and
 * forgets them at once, whether their $disconnect comes or not. One already gone is only forgotten.
 */
export async function closeConnections(userId: string, connectionIds: readonly string[]): Promise<void> {
  await Promise.all(
    connectionIds.map(async (connectionId) => {
      try {
        await management().send(new DeleteConnectionCommand({ ConnectionId: connectionId }));
      } catch (error) {
        if (!(error instanceof GoneException)) throw error;
      }
      await removeConnection(userId, connectionId);
    }),
  );
}
