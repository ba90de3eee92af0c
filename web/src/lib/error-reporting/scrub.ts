import type { Breadcrumb, Event } from '@sentry/browser';
import { withoutFeedTokens } from '../../../../shared/calendar-feed-path';

/**
 * What leaves the browser in an error report, a trace or a replay's events: no token, password,
 * reset code, socket ticket, OAuth code or state, and no item content (titles, descriptions, names).
 * Pure functions over the SDK's plain objects, applied in its beforeSend, beforeSendTransaction,
 * beforeBreadcrumb and replay hooks (web/src/lib/error-reporting/sentry-client.ts).
 * - URLs keep their path (a calendar feed's token aside) and only the query keys that carry ids (the pages' `?taskId=`, `?goalId=`,
 *   `?eventId=`); other keys lose their values, fragments go (OAuth answers can come in them).
 * - Tokens (JWTs, `Bearer …`) and e-mail addresses in any text are replaced.
 * - Request and response bodies, cookies and headers but the user agent are dropped.
 * - Console breadcrumbs lose their arguments and message (a logged object may hold anything);
 *   click breadcrumbs' selectors lose attribute values (an aria-label can name an item).
 */

const FILTERED = '[Filtered]';
/** The query keys whose values are item ids (web/src/components/ui/use-open-from-url.ts and the calendar's links): kept. */
const ID_QUERY_KEYS = new Set(['taskId', 'goalId', 'eventId']);
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
const BEARER = /\bBearer\s+[^\s"',]+/gi;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A URL in a text: absolute (http, https, ws, wss), or a path with a query or fragment. */
const URL_IN_TEXT = /\b(?:https?|wss?):\/\/[^\s"'<>()]+|(?<![\w:/.])\/[\w\-./%]*[?#][^\s"'<>()]*/g;
/** A selector's attribute with its value, as the SDK writes clicked elements: `button[aria-label="…"]`. */
const SELECTOR_ATTRIBUTE_VALUE = /\[([\w-]+)=(?:"[^"]*"|'[^']*'|[^\]]*)\]/g;
/** Past this depth a value is dropped, not walked (reports are small; this only guards the walk). */
const MAX_DEPTH = 40;

/** `url` without a calendar feed's token, query values other than ids and its fragment; relative URLs stay relative. */
export function scrubUrl(address: string): string {
  const url = withoutFeedTokens(address);
  const queryAt = url.search(/[?#]/);
  if (queryAt === -1) return url;
  const [query = ''] = url.slice(queryAt + 1).split('#', 1);
  const kept = url[queryAt] === '?' ? scrubQuery(query) : '';
  return url.slice(0, queryAt) + (kept ? `?${kept}` : '');
}

function scrubQuery(query: string): string {
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [key = ''] = pair.split('=', 1);
      return ID_QUERY_KEYS.has(decodeURIComponentSafe(key)) ? pair : `${key}=${FILTERED}`;
    })
    .join('&');
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A free text with its URLs scrubbed and its tokens (a feed's among them) and e-mail addresses replaced. */
export function scrubText(text: string): string {
  return withoutFeedTokens(text).replace(JWT, FILTERED).replace(BEARER, `Bearer ${FILTERED}`).replace(EMAIL, FILTERED).replace(URL_IN_TEXT, scrubUrl);
}

/**
 * Every text in `value`, however deep, scrubbed; plain objects and arrays copied. Anything else
 * (a DOM node or an event the SDK holds on to) is left as it is: it is not sent as such, and
 * walking it would walk the page.
 */
export function scrubDeep<T>(value: T, depth = 0): T {
  if (typeof value === 'string') return scrubText(value) as T;
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return undefined as T;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubDeep(item, depth + 1)) as T;
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubDeep(item, depth + 1)])) as T;
}

/** A breadcrumb as it may leave the browser (null drops it). */
export function scrubBreadcrumb(breadcrumb: Breadcrumb): Breadcrumb | null {
  const { category = '' } = breadcrumb;
  if (category === 'console') return { ...breadcrumb, message: undefined, data: undefined };
  let scrubbed: Breadcrumb = breadcrumb;
  if (category.startsWith('ui.')) scrubbed = { ...breadcrumb, message: breadcrumb.message?.replace(SELECTOR_ATTRIBUTE_VALUE, '[$1]') };
  if (category === 'fetch' || category === 'xhr') scrubbed = { ...scrubbed, data: withoutBodies(scrubbed.data) };
  return scrubDeep(scrubbed);
}

function withoutBodies(data: Breadcrumb['data']): Breadcrumb['data'] {
  if (!data) return data;
  const { request_body: _request, response_body: _response, body: _body, ...kept } = data;
  return kept;
}

/** An event (error, transaction, replay) as it may leave the browser: its request, user, breadcrumbs, spans and every text scrubbed. */
export function scrubEvent<E extends Event>(event: E): E {
  const { request, user, breadcrumbs, spans } = event;
  const scrubbed: E = {
    ...event,
    request: request && {
      url: request.url,
      method: request.method,
      headers: request.headers?.['User-Agent'] ? { 'User-Agent': request.headers['User-Agent'] } : undefined,
    },
    user: user?.id === undefined ? undefined : { id: user.id },
    breadcrumbs: breadcrumbs?.map(scrubBreadcrumb).filter((breadcrumb): breadcrumb is Breadcrumb => breadcrumb !== null),
    spans: spans?.map((span) => ({ ...span, data: withoutQueryParts(span.data) })),
    contexts: event.contexts && {
      ...event.contexts,
      trace: event.contexts.trace && { ...event.contexts.trace, data: withoutQueryParts(event.contexts.trace.data) },
    },
  };
  return scrubDeep(scrubbed);
}

/** A span's data without the query and fragment the SDK records beside a request's URL. */
function withoutQueryParts<D extends Record<string, unknown> | undefined>(data: D): D {
  if (!data) return data;
  const { 'http.query': _query, 'http.fragment': _fragment, ...kept } = data;
  return kept as D;
}
