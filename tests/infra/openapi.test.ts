import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { routes, type Route } from '../../functions/routes';
import { REPO_ROOT } from '../../infra/paths';
import { openApiDocument } from '../../scripts/openapi';

interface LintProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: Array<{ pointer: string }>;
}

const folder = mkdtempSync(join(tmpdir(), 'tempo-openapi-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Redocly's findings on the document as the route table makes it now (docs/openapi.json is regenerated from the same). */
async function lint(document: unknown): Promise<LintProblem[]> {
  const file = join(folder, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  const redocly = join(REPO_ROOT, 'node_modules', '.bin', 'redocly');
  // It exits 1 on an error; the findings are in what it prints either way.
  const { stdout } = await promisify(execFile)(redocly, ['lint', file, '--extends', 'recommended', '--format', 'json']).catch(
    (failure: { stdout: string }) => failure,
  );
  return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
}

const pointer = (path: string) => `#/paths/${path.replaceAll('~', '~0').replaceAll('/', '~1')}`;

describe('the OpenAPI document', () => {
  it('lints clean under Redocly’s recommended rules, but for the routes whose success is a redirect', async () => {
    const redirects = (routes as readonly Route[]).filter((route) => route.status === 302);
    expect(redirects.length).toBeGreaterThan(0);
    const expected = redirects.map((route) => `operation-2xx-response at ${pointer(route.path)}/${route.method.toLowerCase()}/responses`);
    const found = (await lint(openApiDocument())).map((problem) => `${problem.ruleId} at ${problem.location[0]?.pointer}`);
    expect(found).toEqual(expected);
  });

  it('declares every parameter of every path', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
    for (const route of routes as readonly Route[]) {
      const declared = (paths[route.path]![route.method.toLowerCase()]!.parameters ?? []).filter((parameter) => parameter.in === 'path');
      const named = [...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
      expect(
        declared.map((parameter) => parameter.name),
        route.key,
      ).toEqual(named);
    }
  });
});
