/**
 * What the upload screens need of the contract's CustomerMessages, page sizes and event name (sdk contract/customers),
 * restated: that module builds zod schemas as it loads, which the element does not carry. uploads.test.ts checks the
 * two agree.
 */
export const UploadTexts = {
  csvOnly: 'Please upload a csv file',
  uploadStarted: 'File is being added to the customer master',
} as const;

export const UploadPageSizes = { uploads: 10, errors: 15 } as const;

/** The realtime event an upload's progress travels on. */
export const UPLOAD_EVENT = 'customer.upload';
