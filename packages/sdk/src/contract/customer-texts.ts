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
  /** Hours a stored file waits for its mapping before it is dropped (its upload then ERROR). */
  uploadMappingHours: 24,
  /**
   * Bytes of one record of an uploaded file, of one value in it, and of its header row: a longer one is refused at
   * upload. Far above any real customer's line, and what bounds the time and memory reading one takes.
   */
  csvLineBytes: 1024 * 1024,
  csvValueBytes: 64 * 1024,
  csvHeaderBytes: 64 * 1024,
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
  specialCharsNotAllowed: (label: string, chars: string) =>
    chars ? `${label} can contain only these special characters: ${chars}` : `${label} cannot contain special characters`,
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
  badIdList: 'Please give the ids as a list, JSON text of a list, or separated by commas',
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
  notText: 'The file is not text: please upload a csv file',
  unknownEncoding: (name: string) => `The file's encoding (${name}) cannot be read: save it as CSV UTF-8 and upload it again`,
  notUtf8: (line: number) => `Line ${line} is not UTF-8 text, as the lines before it are: save the file as CSV UTF-8 and upload it again`,
  notInEncoding: (line: number, encoding: string) => `Line ${line} has bytes that are not ${encoding} text: save the file as CSV UTF-8 and upload it again`,
  unknownDelimiter: 'The delimiter must be a comma, a semicolon, a tab or a vertical bar',
  headerTooLong: (line: number, size: string) => `The header row (line ${line}) is longer than ${size}`,
  lineTooLong: (line: number, size: string) => `Line ${line} is longer than ${size}`,
  valueTooLong: (line: number, size: string) => `A value on line ${line} is longer than ${size}`,
  alreadyStarted: 'This file is already being uploaded',
  uploadExpired: (hours: number) => `The columns were not mapped within ${hours} hours: please upload the file again`,
  unknownColumn: (c: string) => `Column ${c} is not in the file`,
  unknownSystemHeader: (h: string) => `${h} is not a customer field`,
  mappedTwice: (h: string) => `${h} is mapped to more than one column`,
  phoneNotMapped: 'Phone Number must be mapped to a column',
  mandatoryNotMapped: (label: string) => `${label} is mandatory and must be mapped to a column`,
  uploadStarted: 'File is being added to the customer master',
  fileUploaded: 'File Uploaded Successfully',
  columnCount: (n: number, expected: number) => `This line has ${n} columns; the header row has ${expected}`,
  unreadableLine: 'This line could not be read as CSV',
  /** An upload's error list names the field of every field's error this way (the row has no field beside it). */
  listedError: (label: string, message: string) => `${label}: ${message}`,
  /** The field texts of the error list, after '{label}: '. */
  listed: {
    whitespaceOnly: 'Whitespace only present in the field',
    onlyAlphabets: 'Only letters are allowed',
    onlyAlphanumeric: 'Only letters and digits are allowed',
    specialChars: (chars: string) => (chars ? `Only these special characters are allowed: ${chars}` : 'Special characters are not allowed'),
    invalidEmail: 'Must be a valid email address',
    invalidNumber: 'Must be a number',
    invalidDecimal: 'Must be a decimal number',
    invalidOption: (value: string) => `${value} is not one of its options`,
    oneOption: 'Takes one value only',
  },
} as const;

/** Built-in customer fields beside the definitions: the social profiles of the customer form. */
export const SOCIAL_FIELDS = ['whatsAppNumber', 'twitterId', 'facebookId', 'instaId'] as const;
export type SocialField = (typeof SOCIAL_FIELDS)[number];
export const SOCIAL_LABELS: Record<SocialField, string> = {
  whatsAppNumber: 'Whatsapp',
  twitterId: 'Twitter ID',
  facebookId: 'Facebook ID',
  instaId: 'Instagram ID',
};

/** The delimiters an uploaded file may use, and their names on the mapping screen. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
export const DELIMITER_NAMES: Record<CsvDelimiter, string> = { ',': 'Comma (,)', ';': 'Semicolon (;)', '\t': 'Tab', '|': 'Vertical bar (|)' };

export const UPLOAD_STATES = ['WAITING', 'COMPLETED', 'ERROR'] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

/** The realtime event an upload's progress travels on. */
export const UPLOAD_EVENT = 'customer.upload';
