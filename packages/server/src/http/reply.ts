import { Codes } from '@parley/sdk/contract/envelope';

/** What a handler returns when the envelope needs more than `data`: a message, `more`, or the spec's code. */
export class Reply<T> {
  constructor(
    readonly data: T,
    readonly message = 'Success',
    readonly more?: boolean,
    readonly code: number | string = Codes.SUCCESS,
  ) {}
}

export const reply = <T>(data: T, message?: string) => new Reply(data, message);
export const page = <T>(data: T, more: boolean, message?: string) => new Reply(data, message, more);
