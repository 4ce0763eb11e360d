/**
 * The customer master's texts, limits and page sizes without zod, so screens can show them without loading the
 * contract's schemas (customers.ts re-exports them for the server).
 */

export const CustomerPageSizes = { customers: 10, uploads: 10, errors: 15, picker: 15, max: 100 } as const;

export const CustomerLimits = {
  nameChars: 200,
  socialChars: 200,
  fieldValueChars: 5000,
  segmentNameChars: 100,
  /** Customers one map call may touch (the list's select-all covers one page; the picker a few pages). */
  mapCustomers: 1000,
  csvColumns: 200,
} as const;

export const CustomerMessages = {
  required: 'This field is required',
  saveFailed: 'Save Failed. Please check for errors in fields',
  isRequired: (label: string) => `${label} is required`,
  whitespaceOnly: (label: string) => `Whitespace only present in the field - ${label}`,
  minLength: (n: number) => `Minimum length must be ${n} characters.`,
  maxLength: (n: number) => `Maximum length must be ${n} characters.`,
  // The texts below are not shown in the spec; worded in its voice.
  invalidPhone: 'Please enter a valid phone number with country code',
  duplicatePhone: 'A customer with this phone number already exists',
  repeatedPhone: 'This phone number is repeated in the file',
  phoneNotEditable: 'Phone number cannot be changed',
  onlyAlphabets: (label: string) => `${label} can contain only letters`,
  onlyAlphanumeric: (label: string) => `${label} can contain only letters and digits`,
  specialCharsNotAllowed: (label: string, chars: string) => (chars ? `${label} can contain only these special characters: ${chars}` : `${label} cannot contain special characters`),
  invalidEmail: (label: string) => `${label} must be a valid email address`,
  invalidNumber: (label: string) => `${label} must be a number`,
  invalidDecimal: (label: string) => `${label} must be a decimal number`,
  invalidOption: (label: string, value: string) => `${value} is not an option of ${label}`,
  oneOption: (label: string) => `${label} takes one value`,
  unknownField: (id: string) => `Unknown field ${id}`,
  unknownSegment: 'Segment not found',
  unknownGroup: 'Group not found',
  duplicateSegment: 'Segment already exists',
  duplicateGroup: 'Group already exists',
  selectionRequired: 'This field is required',
  saved: 'Customer Saved Successfully',
  deleted: 'Customer Deleted Successfully',
  segmentCreated: 'Segment Created Successfully',
  groupCreated: 'Group Created Successfully',
  mappedToGroups: 'Customers Added to Group Successfully',
  mappedToTags: 'Label Attached Successfully',
  // Uploads
  csvOnly: 'Please upload a csv file',
  emptyFile: 'The file has no header row',
  tooLarge: (size: string) => `The file is larger than ${size}`,
  duplicateHeader: (h: string) => `Column ${h} appears more than once in the file`,
  tooManyColumns: `A file can have at most ${CustomerLimits.csvColumns} columns`,
  alreadyStarted: 'This file is already being uploaded',
  unknownColumn: (c: string) => `Column ${c} is not in the file`,
  unknownSystemHeader: (h: string) => `${h} is not a customer field`,
  mappedTwice: (h: string) => `${h} is mapped to more than one column`,
  phoneNotMapped: 'Phone Number must be mapped to a column',
  mandatoryNotMapped: (label: string) => `${label} is mandatory and must be mapped to a column`,
  uploadStarted: 'File is being added to the customer master',
  fileUploaded: 'File Uploaded Successfully',
  columnCount: (n: number, expected: number) => `This line has ${n} columns; the header row has ${expected}`,
  unreadableLine: 'This line could not be read as CSV',
} as const;

/** Built-in customer fields beside the definitions: the social profiles of the customer form. */
export const SOCIAL_FIELDS = ['whatsAppNumber', 'twitterId', 'facebookId', 'instaId'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];
export const SOCIAL_LABELS: Record<SocialField, string> = { whatsAppNumber: 'Whatsapp', twitterId: 'Twitter ID', facebookId: 'Facebook ID', instaId: 'Instagram ID' };

export const UPLOAD_STATES = ['WAITING', 'COMPLETED', 'ERROR'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** The realtime event an upload's progress travels on. */
export const UPLOAD_EVENT = 'customer.upload';
