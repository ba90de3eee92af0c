import { API_ERRORS, messageKeyOf, type ApiErrorKey, type MessageKey, type VoiceMessageKey } from '../../../shared/messages';
import type { AppTexts, PublicTexts } from '../i18n/catalogue-types';
import { reportError } from './error-reporting';
import { firstContentfulPaintOr } from './first-paint';
import { onSessionEnd, sessionIdToken, storedIdToken } from './session';

/** The texts an API or schema message can be shown in: the public ones, and the app's voice texts where loaded. */
type MessageTexts = PublicTexts & Partial<Pick<AppTexts, 'voiceErrors'>>;

/** An API answer other than 2xx: the status, the API's message, and its message per field if any. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = null,
    readonly fields: Readonly<Record<string, string>> = {},
    /** The stable keys of the message and of the fields' messages, where the API gave them. */
    readonly messageKey: string | null = null,
    readonly fieldKeys: Readonly<Record<string, string>> = {},
    /** The answer's body as it came (a 412's `current` item, say). */
    readonly payload: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Sends the signed-in user's id token; every route but the public ones needs it. */
  signedIn?: boolean;
  signal?: AbortSignal;
  /** Makes a write happen once however often it is sent (the outbox's, lib/offline/). */
  idempotencyKey?: string;
  /** The item's version the write was made on: the API answers 412 if it moved since. */
  ifMatch?: number;
}

/**
 * One call to the API on this origin. Failures throw an ApiError carrying the message of either
 * error shape the API answers: the handlers' `{ error: { code, message, fields } }` or API
 * Gateway's own `{ message }` (authorizer 401, stage throttle 429). Network failures throw as fetch does.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  if (method === 'GET') {
    const early = earlyReads.get(path);
    earlyReads.delete(path);
    if (early && options.signedIn) return early as Promise<T>;
    // Other reads wait for the page's first paint (lib/first-paint.ts), or a moment for a page that paints no text.
    await (readsWait ??= firstContentfulPaintOr(FIRST_PAINT_WAIT_MS));
  }
  return send<T>(path, method, options);
}

/**
 * Starts the first reads of the page being opened at once, beside the download of its code, when
 * the stored session is fresh: the page's largest paint is their data, which would otherwise be
 * asked for only once the page has painted. The first signed-in read of each path takes its
 * answer (and ignores its abort signal); one nobody took within a few seconds is dropped.
 */
export function readEarly(paths: readonly string[]): void {
  const token = storedIdToken();
  if (!token) return;
  for (const path of paths) {
    if (earlyReads.has(path)) continue;
    const read = send(path, 'GET', { signedIn: true }, token);
    // Its failure belongs to the page's read that takes it, if one does.
    read.catch(() => undefined);
    earlyReads.set(path, read);
    setTimeout(() => earlyReads.get(path) === read && earlyReads.delete(path), EARLY_READ_KEPT_MS);
  }
}

/**
 * The early reads answered within `waitMs`, by path, left for the page's reads to take all the
 * same. Waits only while one of `awaited` is under way.
 */
export async function earlyAnswers(awaited: (path: string) => boolean, waitMs: number): Promise<ReadonlyMap<string, unknown>> {
  const answered = new Map<string, unknown>();
  const reads = [...earlyReads].map(([path, read]) => ({
    path,
    settled: read.then(
      (answer) => void answered.set(path, answer),
      () => undefined,
    ),
  }));
  const under = reads.filter(({ path }) => awaited(path)).map(({ settled }) => settled);
  if (under.length > 0) await Promise.race([Promise.all(under), new Promise((resolve) => setTimeout(resolve, waitMs))]);
  return new Map(answered);
}

/** Early reads not yet taken, by path (a page's few, from the route table). */
const earlyReads = new Map<string, Promise<unknown>>();
const EARLY_READ_KEPT_MS = 10_000;

/**
 * Drops the early reads nobody took: something changed since they were sent. A page's read waits
 * for its mount, which a tab in the background may put off (SWR revalidates seeded data on the
 * next animation frame), and must not then take an answer older than the change.
 */
export function forgetEarlyReads(): void {
  earlyReads.clear();
}
onSessionEnd(forgetEarlyReads);

/** One request; with a `token` at hand it goes out at once, before this task ends. */
async function send<T>(path: string, method: NonNullable<ApiRequestOptions['method']>, options: ApiRequestOptions, token?: string): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.signedIn) headers.authorization = `Bearer ${token ?? (await currentIdToken())}`;
  if (options.idempotencyKey !== undefined) headers['idempotency-key'] = options.idempotencyKey;
  if (options.ifMatch !== undefined) headers['if-match'] = String(options.ifMatch);

  const response = await fetch(path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const payload: unknown = response.status === 204 ? undefined : await response.json().catch(() => undefined);
  if (!response.ok) {
    const failure = toApiError(response.status, payload);
    if (response.status >= 500) reportServerError(failure, method, path, response);
    throw failure;
  }
  // The API's answers are trusted as their types: the server builds them from the same schemas
  // (docs/openapi.json), and checking them again would send zod to every page.
  return payload as T;
}

/** How long reads wait for a first paint that does not come (a page that paints no text). */
const FIRST_PAINT_WAIT_MS = 500;
let readsWait: Promise<void> | undefined;

/** An id in a path (a UUID, or any long token with a digit): reports name the route, not the item. */
const PATH_ID = /^(?=[\w-]*\d)[\w-]{16,}$/;

/** A 5xx is the API's fault: reported with the route's template, the status and API Gateway's request id (an HTTP API names it `apigw-requestid`), never the body. */
function reportServerError(failure: ApiError, method: string, path: string, response: Response): void {
  const [pathname = ''] = path.split(/[?#]/, 1);
  const route = pathname
    .split('/')
    .map((segment) => (PATH_ID.test(segment) ? '{id}' : segment))
    .join('/');
  const requestId = response.headers.get('apigw-requestid') ?? response.headers.get('x-amzn-requestid');
  reportError(failure, { area: 'api', route: `${method} ${route}`, status: response.status, requestId });
}

async function currentIdToken(): Promise<string> {
  const token = await sessionIdToken();
  if (!token) throw new ApiError(401, API_ERRORS.unauthorized, 'unauthorized');
  return token;
}

export function toApiError(status: number, payload: unknown): ApiError {
  const body = isRecord(payload) ? payload : {};
  const error = isRecord(body.error) ? body.error : {};
  const message = stringOr(error.message, stringOr(body.message, `Request failed with status ${status}`));
  return new ApiError(
    status,
    message,
    typeof error.code === 'string' ? error.code : null,
    textsOf(error.fields),
    typeof error.message_key === 'string' ? error.message_key : null,
    textsOf(error.field_keys),
    payload,
  );
}

function textsOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/** A text in the person's language by its stable key, if the catalogue has it. */
function textOfKey(key: string | null | undefined, texts: MessageTexts): string | undefined {
  if (!key) return undefined;
  const text = Object.hasOwn(texts.errors, key)
    ? texts.errors[key as MessageKey]
    : Object.hasOwn(texts.apiErrors, key)
      ? texts.apiErrors[key as ApiErrorKey]
      : texts.voiceErrors && Object.hasOwn(texts.voiceErrors, key)
        ? texts.voiceErrors[key as VoiceMessageKey]
        : undefined;
  return typeof text === 'string' ? text : undefined;
}

/**
 * A feature's own messages, downloaded with it rather than with every page (shared/planning.ts,
 * access-tokens.ts, webhooks.ts): the English the API answers, and those the feature's texts translate.
 */
export interface OwnMessages {
  english: Readonly<Record<string, string>>;
  translated: Readonly<Record<string, string>>;
}

/** An API message in the person's language: a feature's own from its texts, any other from the shared catalogue; else as it came. */
export function localizeMessage(text: string, texts: MessageTexts, own?: OwnMessages): string {
  const ownKey = own && Object.keys(own.translated).find((key) => own.english[key] === text);
  return ownKey ? own.translated[ownKey]! : (textOfKey(messageKeyOf(text), texts) ?? text);
}

/** An API failure's message in the person's language; `fallback` for what is not an API answer. */
export function localizedError(failure: unknown, texts: MessageTexts, fallback: string, own?: OwnMessages): string {
  if (!(failure instanceof ApiError)) return fallback;
  return textOfKey(failure.messageKey, texts) ?? localizeMessage(failure.message, texts, own);
}

/** One field's message of an API failure in the person's language, if the API named that field. */
export function localizedFieldError(failure: ApiError, field: string, texts: MessageTexts, own?: OwnMessages): string | undefined {
  const message = failure.fields[field];
  if (message === undefined) return undefined;
  return textOfKey(failure.fieldKeys[field], texts) ?? localizeMessage(message, texts, own);
}

/** Every field's message of an API failure, in the person's language. */
export function localizedFieldErrors(failure: ApiError, texts: MessageTexts): Record<string, string> {
  return Object.fromEntries(Object.keys(failure.fields).map((field) => [field, localizedFieldError(failure, field, texts)!]));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringOr(value: unknown, fallback: string): string {
  return typeof value === 'string' && value.length > 0 ? value : fallback;
}
