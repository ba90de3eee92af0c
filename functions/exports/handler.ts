import { dataExportFileName } from '../../shared/data-export';
import { httpHandler, ok } from '../platform/http';
import { currentExport, exportZip, requestExport } from './exports';

/** Settings → "Export my data": a signed-in session's only (routes.ts marks them sessionOnly), never an access token's. */
export const handler = httpHandler('exports', {
  'GET /api/exports': async ({ userId, now }) => {
    const latest = await currentExport(userId, now);
    return ok({ items: latest ? [latest] : [] });
  },

  'POST /api/exports': async ({ userId, now }) => ({ status: 202, body: await requestExport(userId, now) }),

  'GET /api/exports/{id}/file': async ({ userId, params, now }) => {
    const { entry, zip } = await exportZip(userId, params.id!, now);
    return {
      status: 200,
      bytes: zip,
      headers: {
        'content-type': 'application/zip',
        'content-disposition': `attachment; filename="${dataExportFileName(entry.created_at)}"`,
        'cache-control': 'no-store',
      },
    };
  },
});
