import { HttpError } from '../platform/errors';

/** A file that cannot be imported as it is (empty, malformed, of the wrong kind): 400, nothing written. */
export const badRequest = (message: string) => new HttpError(400, 'validation_failed', message);

/** A file, or an archive unpacked, past its bound: 413, nothing written. */
export const tooLarge = (message: string) => new HttpError(413, 'payload_too_large', message);
