/** A customer field a file column can go to (the upload reply's `systemHeaders`). */
export interface SystemHeader {
  id: string;
  label: string;
  mandatory: boolean;
}

/** The Value picker's choice for a column that is not imported. */
export const SKIP = '__skip';

/** Column → system header id (or SKIP). */
export type ColumnMapping = Record<string, string>;

/** Letters and digits only, lower case: 'Phone No.', 'phone_no' and 'PhoneNo' read alike. */
const norm = (s: string) =>
  s
    .replace(/^\uFEFF/, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

/** What spreadsheets call the built-in fields besides their own names (as import screens of CRMs accept them). */
const ALIASES: Record<string, string[]> = {
  phoneNumber: ['phone', 'mobile', 'mobilenumber', 'mobileno', 'phoneno', 'contactnumber', 'msisdn', 'number'],
  name: ['fullname', 'customername', 'customer'],
  whatsAppNumber: ['whatsappnumber', 'whatsappno'],
  instaId: ['instagram', 'instagramid'],
  facebookId: ['facebook'],
  twitterId: ['twitter'],
};

/** Each column goes to the system header whose id, label or a common alias it spells; each header is taken once. */
export function prematch(columns: string[], system: SystemHeader[]): ColumnMapping {
  const taken = new Set<string>();
  const mapping: ColumnMapping = {};
  for (const column of columns) {
    const key = norm(column);
    const match =
      system.find((s) => !taken.has(s.id) && (norm(s.id) === key || norm(s.label) === key)) ??
      system.find((s) => !taken.has(s.id) && (ALIASES[s.id] ?? []).includes(key));
    if (match) taken.add(match.id);
    mapping[column] = match?.id ?? SKIP;
  }
  return mapping;
}

/** The mandatory customer fields no column goes to. */
export const missingMandatory = (system: SystemHeader[], mapping: ColumnMapping): SystemHeader[] =>
  system.filter((s) => s.mandatory && !Object.values(mapping).includes(s.id));

/** Columns that chose a field an earlier column already took (the server refuses a field mapped twice). */
export function repeatedColumns(columns: string[], mapping: ColumnMapping): Set<string> {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const column of columns) {
    const des = mapping[column];
    if (!des || des === SKIP) continue;
    if (seen.has(des)) repeated.add(column);
    seen.add(des);
  }
  return repeated;
}

/** The mapping call's `headerMapping`: the imported columns only. */
export const headerMappingOf = (columns: string[], mapping: ColumnMapping) =>
  columns.filter((c) => mapping[c] && mapping[c] !== SKIP).map((src) => ({ src, des: mapping[src]! }));
