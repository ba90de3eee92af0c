import type { Plugin } from 'vite';

interface ChunkGroup {
  name: string;
  priority: number;
  includeDependenciesRecursively: boolean;
  test: (id: string) => boolean;
}

/** The route modules of the signed-in pages and of their frame (web/src/app/route-table.tsx loads these with `signedIn`). */
const SIGNED_IN_ROUTES = ['signed-in-layout', 'dashboard', 'goals', 'tasks', 'calendar', 'trash', 'settings'];
const ROUTER = /web[\\/]src[\\/]app[\\/]route-table\.tsx$/;
const routeName = (id: string) => /[\\/]app[\\/]routes[\\/]([\w-]+)\.tsx$/.exec(id)?.[1];
/** Code shared by this many signed-in pages goes with the frame; code two pages share (the calendar's and the tasks' editors) keeps a chunk of its own, so the dashboard does not download it. */
const SHARED_BY_PAGES = 3;
/**
 * Small modules the dashboard (the page a person lands on) shares with another page go with the
 * frame all the same: on a phone's slow 4G a chunk of its own costs the dashboard a round trip
 * (150 ms), the time some 30 KB take to download.
 */
const SMALL_MODULE_CHARACTERS = 4_000;
/** Planning (the Plan buttons, a plan's blocks) is the dashboard's and the calendar's alone: a chunk of its own keeps it off the other pages' first visit. */
const PLANNING = /web[\\/]src[\\/](features[\\/]planning[\\/]|app[\\/]planning\.tsx$)/;

/**
 * Fewer, larger chunks on a first visit. Left to itself the bundler gives every set of pages that
 * shares a module a chunk of its own: the dashboard's first visit fetched some 45 files, and a
 * phone on HTTP/1.1 opens six connections to an origin, so they went out six at a time, a round
 * trip each (Lighthouse's mobile largest paint: 3.05 s, 2.46 s with this plan). Here:
 * - `common`: what the entry loads, and what the public pages share with the signed-in ones;
 * - `app`: the frame, what three signed-in pages share with the dashboard, and what small the dashboard shares with one;
 * - `editing`: what three signed-in pages share without the dashboard (the editors' fields: tags,
 *   reminders), which the dashboard, the page a person lands on, does not download;
 * and each page's own code stays in its page's chunk; the libraries keep theirs (web/vite.config.ts).
 * The groups are closed under static imports (a module's imports reach what it is reached by),
 * so none needs its dependencies pulled in, which would drag the entry's modules out of it.
 * The sets come from the module graph, which the build has at buildEnd, before chunking.
 */
export function signedInChunks(): { plugin: Plugin; groups: ChunkGroup[] } {
  const app = new Set<string>();
  const editing = new Set<string>();
  const common = new Set<string>();
  const plugin: Plugin = {
    name: 'signed-in-chunks',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const reach = (roots: string[], next: (id: string) => readonly string[]): Set<string> => {
        const reached = new Set<string>();
        const pending = [...roots];
        for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
          if (reached.has(id)) continue;
          reached.add(id);
          pending.push(...next(id));
        }
        return reached;
      };
      const staticImports = (id: string) => info(id)?.importedIds ?? [];

      const ids = [...this.getModuleIds()];
      const entry = ids.find((id) => info(id)?.isEntry);
      const router = ids.find((id) => ROUTER.test(id));
      if (!entry || !router) return this.error('signed-in-chunks: the build has no entry or no router');
      const signedIn = info(router)!.dynamicallyImportedIds.filter((id) => SIGNED_IN_ROUTES.includes(routeName(id) ?? ''));
      if (signedIn.length !== SIGNED_IN_ROUTES.length)
        this.error(`signed-in-chunks: the router loads ${signedIn.map(routeName).join(', ')}, not ${SIGNED_IN_ROUTES.join(', ')}`);

      const initial = reach([entry], staticImports);
      // What a signed-out visitor may load: the public pages, and what they load later (the sign-in library).
      const publicCode = reach([entry], (id) => [...staticImports(id), ...(info(id)?.dynamicallyImportedIds ?? []).filter((lazy) => !signedIn.includes(lazy))]);
      const frame = reach(
        signedIn.filter((id) => routeName(id) === 'signed-in-layout'),
        staticImports,
      );
      const dashboard = reach(
        signedIn.filter((id) => routeName(id) === 'dashboard'),
        staticImports,
      );
      const pagesReaching = new Map<string, number>();
      for (const page of signedIn) for (const id of reach([page], staticImports)) pagesReaching.set(id, (pagesReaching.get(id) ?? 0) + 1);

      for (const id of initial) if (id !== entry) common.add(id);
      const small = new Set<string>();
      for (const [id, pages] of pagesReaching) {
        if (initial.has(id)) continue;
        if (publicCode.has(id)) common.add(id);
        else if (frame.has(id) || (pages >= SHARED_BY_PAGES && dashboard.has(id))) app.add(id);
        else if (pages >= SHARED_BY_PAGES) editing.add(id);
        else if (pages >= 2 && dashboard.has(id) && !PLANNING.test(id) && (info(id)?.code?.length ?? Infinity) <= SMALL_MODULE_CHARACTERS) small.add(id);
      }
      // A small module goes with the frame only with all it imports, so the frame never pulls in a large one.
      const elsewhere = (id: string) => !common.has(id) && !app.has(id) && !small.has(id);
      for (let changed = true; changed;) {
        changed = false;
        for (const id of small) if (staticImports(id).some(elsewhere)) changed = small.delete(id);
      }
      for (const id of small) app.add(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'common', priority: 1, includeDependenciesRecursively: false, test: (id) => common.has(id) },
      { name: 'app', priority: 1, includeDependenciesRecursively: false, test: (id) => app.has(id) },
      { name: 'editing', priority: 1, includeDependenciesRecursively: false, test: (id) => editing.has(id) },
    ],
  };
}
