import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { formBoolean, jsonText } from './fields.js';

/**
 * Customer attribute definitions (customer-master 2 "Manage Customer Attributes", 3, 4, 5, 7): the custom fields of
 * an enterprise's customers. The wire keeps the spec's names (`_id`, `fieldName`, `fieldHelpText`, `validations` as
 * `{ id, value }`, `defaultValue` as a comma list). Two built-in, read-only definitions always lead the list.
 */

export const FIELD_TYPES = ['text', 'textarea', 'selectbox-singlevalue', 'selectbox-multiplevalue'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
export const INPUT_TYPES = ['alphabets', 'alphanumeric', 'email', 'number', 'decimal'] as const;
export type InputType = (typeof INPUT_TYPES)[number];
/** A textarea takes only these input types (customer-master 3). */
export const TEXTAREA_INPUT_TYPES: readonly InputType[] = ['alphabets', 'alphanumeric'];
/** Min/max characters apply to these input types only (customer-master 5); other types drop them. */
export const LENGTH_INPUT_TYPES: readonly InputType[] = ['alphabets', 'alphanumeric', 'email'];
export const VALIDATION_IDS = ['minValue', 'maxValue', 'allowSpecialChars', 'allowedChars'] as const;
export type ValidationId = (typeof VALIDATION_IDS)[number];

/** The built-in definitions' fixed ids (customer-master 3); they are not stored and cannot be changed. */
export const BUILT_IN_IDS = ['phoneNumber', 'name'] as const;
export const isBuiltInId = (id: string): boolean => (BUILT_IN_IDS as readonly string[]).includes(id);

export const DefinitionLimits = {
  fieldNameChars: 50,
  fieldLabelChars: 100,
  helpTextChars: 500,
  dropdownValues: 200,
  dropdownValueChars: 200,
  allowedChars: 100,
  /** An enterprise's custom definitions. */
  definitions: 200,
} as const;

export const DefinitionMessages = {
  required: 'This field is required',
  saveFailed: 'Save Failed. Please check for errors in fields',
  // The texts below are not shown in the spec; worded in its voice.
  tooLong: (n: number) => `Maximum length must be ${n} characters.`,
  invalidFieldName: 'Field name can contain only letters, digits and underscore, and cannot begin with a digit',
  reservedFieldName: 'This field name is used by a built-in field',
  duplicateFieldName: 'Field name already exists',
  invalidFieldType: 'Please select a valid field type',
  invalidInputType: 'Please select a valid input type',
  textareaInputType: 'Textarea allows only alphabets or alphanumeric',
  invalidBoolean: 'Please select yes or no',
  notANumber: 'Please enter a whole number of at least 0',
  minAboveMax: 'Min. characters must not be more than Max. characters',
  unknownValidation: 'Unknown validation',
  duplicateValidation: 'Duplicate validation',
  invalidAllowedChars: 'Allowed special characters must be single characters',
  tooManyValues: `A dropdown can have at most ${DefinitionLimits.dropdownValues} values`,
  tooManyDefinitions: `An enterprise can have at most ${DefinitionLimits.definitions} custom fields`,
  builtInEdit: 'Built-in fields cannot be edited',
  builtInDelete: 'Built-in fields cannot be deleted',
  builtInMove: 'Built-in fields cannot be moved',
  badPosition: 'Invalid position',
  saved: 'Field Saved Successfully',
  deleted: 'Field Deleted Successfully',
  reordered: 'Fields Reordered Successfully',
} as const;

/** One validation as the wire spells it: `minValue`/`maxValue` numbers, `allowSpecialChars` a flag, `allowedChars` characters. */
export const validation = z.union([
  z.object({ id: z.enum(['minValue', 'maxValue']), value: z.number() }),
  z.object({ id: z.literal('allowSpecialChars'), value: z.boolean() }),
  z.object({ id: z.literal('allowedChars'), value: z.array(z.string()) }),
]);
export type Validation = z.infer<typeof validation>;

const optionalText = z.string({ error: DefinitionMessages.required }).nullish();
const loose = z.union([z.string(), z.number(), z.boolean()]).nullish();

const TRUE = new Set<unknown>([true, 'true', '1', 'on']);
const FALSE = new Set<unknown>([false, 'false', '0']);
const isFlag = (v: unknown) => TRUE.has(v) || FALSE.has(v);
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const toCount = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= 0 ? n : null;
};
const toChars = (v: unknown): string[] | null => {
  const list = typeof v === 'string' ? Array.from(v) : Array.isArray(v) ? v : null;
  if (!list || !list.every((c) => typeof c === 'string' && Array.from(c).length === 1 && c.trim() !== '')) return null;
  return [...new Set(list as string[])];
};
const splitValues = (v: string | string[] | null | undefined) =>
  (typeof v === 'string' ? v.split(',') : (v ?? [])).map((x) => x.trim()).filter((x) => x.length > 0);
const isSelect = (t: FieldType) => t === 'selectbox-singlevalue' || t === 'selectbox-multiplevalue';
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * The definition form (create, or update when `id`/`_id` is given). Types are loose so that the empty form gets
 * every field's 'This field is required' at once; the rules of customer-master 5 are checked together below.
 */
const definitionForm = z.object({
  id: z.string().max(100).optional(),
  _id: z.string().max(100).optional(),
  fieldName: optionalText,
  fieldLabel: optionalText,
  fieldType: optionalText,
  inputType: optionalText,
  fieldHelpText: optionalText,
  /** The spec's other spelling; `fieldHelpText` wins when both are sent. */
  fieldHelptext: optionalText,
  mandatory: loose,
  search: formBoolean.nullish(),
  /** Dropdown values: a comma list, or a list. */
  defaultValue: z.union([z.string(), z.array(z.string())]).nullish(),
  validations: jsonText(z.array(z.object({ id: z.string(), value: z.unknown() })).max(10)).nullish(),
  commaIncluded: formBoolean.nullish(),
  /** Ignored: the server places a new field last and keeps an edited field's place (see reorder). */
  index: z.unknown().optional(),
});
type DefinitionForm = z.output<typeof definitionForm>;

function check(form: DefinitionForm, ctx: z.RefinementCtx) {
  const fail = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  const helpText = form.fieldHelpText ?? form.fieldHelptext;
  const texts: [string, string | null | undefined, number][] = [
    ['fieldName', form.fieldName, DefinitionLimits.fieldNameChars],
    ['fieldLabel', form.fieldLabel, DefinitionLimits.fieldLabelChars],
    ['fieldHelpText', helpText, DefinitionLimits.helpTextChars],
  ];
  for (const [field, value, max] of texts) {
    if (blank(value)) fail([field], DefinitionMessages.required);
    else if (value!.trim().length > max) fail([field], DefinitionMessages.tooLong(max));
  }
  if (!blank(form.fieldName) && form.fieldName!.trim().length <= DefinitionLimits.fieldNameChars) {
    const name = form.fieldName!.trim();
    if (!IDENTIFIER.test(name)) fail(['fieldName'], DefinitionMessages.invalidFieldName);
    else if (BUILT_IN_IDS.some((b) => b.toLowerCase() === name.toLowerCase())) fail(['fieldName'], DefinitionMessages.reservedFieldName);
  }
  if (blank(form.mandatory)) fail(['mandatory'], DefinitionMessages.required);
  else if (!isFlag(form.mandatory)) fail(['mandatory'], DefinitionMessages.invalidBoolean);

  const fieldType = form.fieldType?.trim();
  if (!fieldType) return fail(['fieldType'], DefinitionMessages.required);
  if (!(FIELD_TYPES as readonly string[]).includes(fieldType)) return fail(['fieldType'], DefinitionMessages.invalidFieldType);
  const type = fieldType as FieldType;

  if (isSelect(type)) {
    const values = splitValues(form.defaultValue);
    if (type === 'selectbox-singlevalue' && values.length === 0) fail(['defaultValue'], DefinitionMessages.required);
    if (values.length > DefinitionLimits.dropdownValues) fail(['defaultValue'], DefinitionMessages.tooManyValues);
    if (values.some((v) => v.length > DefinitionLimits.dropdownValueChars))
      fail(['defaultValue'], DefinitionMessages.tooLong(DefinitionLimits.dropdownValueChars));
    // inputType and validations do not apply to a dropdown: they are cleared, not checked.
    return;
  }

  const inputType = form.inputType?.trim();
  if (!inputType) fail(['inputType'], DefinitionMessages.required);
  else if (!(INPUT_TYPES as readonly string[]).includes(inputType)) fail(['inputType'], DefinitionMessages.invalidInputType);
  else if (type === 'textarea' && !TEXTAREA_INPUT_TYPES.includes(inputType as InputType)) fail(['inputType'], DefinitionMessages.textareaInputType);

  const seen = new Set<string>();
  const counts: Partial<Record<'minValue' | 'maxValue', number>> = {};
  let allowSpecial = false;
  (form.validations ?? []).forEach((v, i) => {
    const at = ['validations', i, 'value'];
    if (!(VALIDATION_IDS as readonly string[]).includes(v.id)) return fail(['validations', i, 'id'], DefinitionMessages.unknownValidation);
    if (seen.has(v.id)) return fail(['validations', i, 'id'], DefinitionMessages.duplicateValidation);
    seen.add(v.id);
    if (v.id === 'minValue' || v.id === 'maxValue') {
      if (blank(v.value)) return;
      const n = toCount(v.value);
      if (n === null) fail(at, DefinitionMessages.notANumber);
      else counts[v.id] = n;
    } else if (v.id === 'allowSpecialChars') {
      if (!isFlag(v.value)) fail(at, DefinitionMessages.invalidBoolean);
      else allowSpecial = TRUE.has(v.value);
    }
  });
  (form.validations ?? []).forEach((v, i) => {
    if (v.id !== 'allowedChars' || !allowSpecial || blank(v.value)) return;
    const chars = toChars(v.value);
    if (!chars) fail(['validations', i, 'value'], DefinitionMessages.invalidAllowedChars);
    else if (chars.length > DefinitionLimits.allowedChars) fail(['validations', i, 'value'], DefinitionMessages.tooLong(DefinitionLimits.allowedChars));
  });
  if (counts.minValue !== undefined && counts.maxValue !== undefined && counts.minValue > counts.maxValue) {
    const at = (form.validations ?? []).findIndex((v) => v.id === 'minValue');
    fail(['validations', at, 'value'], DefinitionMessages.minAboveMax);
  }
}

/**
 * A checked form as the server keeps it: text trimmed; inputType cleared for dropdowns (customer-master 4); min/max
 * kept only for alphabets, alphanumeric and email; allowedChars kept only when allowSpecialChars, with a comma added
 * when commaIncluded; dropdown values only for dropdowns; no validations for dropdowns.
 */
function normalise(form: DefinitionForm) {
  const fieldType = form.fieldType!.trim() as FieldType;
  const select = isSelect(fieldType);
  const inputType = select ? null : (form.inputType!.trim() as InputType);
  const byId = new Map((form.validations ?? []).map((v) => [v.id, v.value]));
  const validations: Validation[] = [];
  let commaIncluded = false;
  if (!select) {
    if (LENGTH_INPUT_TYPES.includes(inputType!)) {
      for (const id of ['minValue', 'maxValue'] as const) {
        const n = toCount(byId.get(id));
        if (n !== null && !blank(byId.get(id))) validations.push({ id, value: n });
      }
    }
    if (byId.has('allowSpecialChars')) {
      const allow = TRUE.has(byId.get('allowSpecialChars'));
      validations.push({ id: 'allowSpecialChars', value: allow });
      if (allow) {
        commaIncluded = form.commaIncluded ?? false;
        const chars = blank(byId.get('allowedChars')) ? [] : (toChars(byId.get('allowedChars')) ?? []);
        if (commaIncluded && !chars.includes(',')) chars.push(',');
        validations.push({ id: 'allowedChars', value: chars });
      }
    }
  }
  return {
    id: form.id ?? form._id,
    fieldName: form.fieldName!.trim(),
    fieldLabel: form.fieldLabel!.trim(),
    fieldType,
    inputType,
    fieldHelpText: (form.fieldHelpText ?? form.fieldHelptext)!.trim(),
    mandatory: TRUE.has(form.mandatory),
    search: form.search ?? false,
    defaultValue: select ? [...new Set(splitValues(form.defaultValue))] : [],
    validations,
    commaIncluded,
  };
}

export const definitionInput = definitionForm.superRefine(check).transform(normalise);
export type DefinitionInput = z.output<typeof definitionInput>;

/** A definition as listed and fetched. Built-ins carry `builtIn: true` and `index: null`; custom rows their 0-based place. */
export const definition = z.object({
  _id: z.string(),
  id: z.string(),
  fieldName: z.string(),
  fieldLabel: z.string(),
  fieldType: z.enum(FIELD_TYPES),
  inputType: z.enum(INPUT_TYPES).nullable(),
  fieldHelpText: z.string(),
  mandatory: z.boolean(),
  search: z.boolean(),
  /** Dropdown values as a comma list ('' for other types). */
  defaultValue: z.string(),
  validations: z.array(validation),
  commaIncluded: z.boolean(),
  index: z.number().nullable(),
  builtIn: z.boolean(),
});
export type Definition = z.infer<typeof definition>;

const pathId = z.string({ error: DefinitionMessages.required }).min(1).max(100);
/** A place among the custom rows: 0 is the first custom row after the built-ins. */
const position = z.coerce.number({ error: DefinitionMessages.badPosition }).int({ error: DefinitionMessages.badPosition });

export const customerDefinitionsApi = {
  list: endpoint({
    method: 'GET',
    path: 'customer/definitions',
    input: z.object({}),
    reply: z.object({ inputFieldDefinitions: z.array(definition) }),
  }),
  get: endpoint({
    method: 'GET',
    path: 'customer/definitions/:id',
    input: z.object({ id: pathId }),
    reply: z.object({ inputFieldDefinition: definition }),
  }),
  save: endpoint({
    method: 'POST',
    path: 'customer/definition',
    input: definitionInput,
    reply: z.object({ inputFieldDefinition: definition }),
    invalidMessage: DefinitionMessages.saveFailed,
  }),
  /** Moves the custom row at `fromIndex` to `toIndex` (custom rows only, 0-based after the built-ins); renumbers densely. */
  reorder: endpoint({
    method: 'POST',
    path: 'customer/definition/reorder',
    input: z.object({ fromIndex: position, toIndex: position }),
    reply: z.null(),
  }),
  delete: endpoint({
    method: 'DELETE',
    path: 'customer/definitions/:id',
    input: z.object({ id: pathId }),
    reply: z.null(),
  }),
} as const;
