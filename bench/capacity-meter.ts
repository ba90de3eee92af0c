import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A pass-through in front of a DynamoDB engine that asks for ReturnConsumedCapacity on every call
 * and adds up what the engine reports, per operation. The handlers run unchanged behind it; a
 * benchmark reads the meter around the requests it measures.
 */
export async function startCapacityMeter(engineEndpoint: string) {
  const engine = new URL(engineEndpoint);
  const totals = { readUnits: 0, writeUnits: 0, operations: {} as Record<string, number> };

  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const operation = String(incoming.headers['x-amz-target'] ?? '').split('.')[1] ?? 'unknown';
      totals.operations[operation] = (totals.operations[operation] ?? 0) + 1;
      let body = Buffer.concat(chunks);
      if (/^(GetItem|Query|PutItem|UpdateItem|DeleteItem|BatchGetItem|BatchWriteItem|Scan)$/.test(operation)) {
        body = Buffer.from(JSON.stringify({ ...JSON.parse(body.toString('utf8')), ReturnConsumedCapacity: 'TOTAL' }));
      }
      const headers = { ...incoming.headers, host: engine.host, 'content-length': String(body.length) };
      const forward = httpRequest({ host: engine.hostname, port: engine.port, method: incoming.method, path: incoming.url, headers }, (answer) => {
        const parts: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => parts.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(parts);
          try {
            const parsed = JSON.parse(text.toString('utf8')) as { ConsumedCapacity?: unknown };
            for (const used of [parsed.ConsumedCapacity ?? []].flat() as Array<{
              CapacityUnits?: number;
              ReadCapacityUnits?: number;
              WriteCapacityUnits?: number;
            }>) {
              const units = used.CapacityUnits ?? 0;
              if (/^(GetItem|Query|BatchGetItem|Scan)$/.test(operation)) totals.readUnits += used.ReadCapacityUnits ?? units;
              else totals.writeUnits += used.WriteCapacityUnits ?? units;
            }
          } catch {
            // not JSON: nothing to count
          }
          outgoing.writeHead(answer.statusCode ?? 500, answer.headers);
          outgoing.end(text);
        });
      });
      forward.on('error', (error) => {
        outgoing.writeHead(502);
        outgoing.end(String(error));
      });
      forward.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    totals,
    reset() {
      totals.readUnits = 0;
      totals.writeUnits = 0;
      totals.operations = {};
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
