import type { Definition, FieldType, InputType, Validation } from '@parley/sdk/contract/customer-definitions';
import { DefinitionTexts, LENGTH_INPUT_TYPES, TEXTAREA_INPUT_TYPES } from './definition-texts.js';

/** customer-master 3: how each field type reads in the table and the panel. */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  text: 'Text',
  textarea: 'Textarea',
  'selectbox-singlevalue': 'Select',
  'selectbox-multiplevalue': 'Multiple Select',
};

export const INPUT_TYPE_LABELS: Record<InputType, string> = {
  alphabets: 'Alphabets',
  alphanumeric: 'Alphanumeric',
  email: 'Email',
  number: 'Number',
  decimal: 'Decimal',
};

/** The side panel's fields as typed; min/max are NaN when empty (Spectrum's NumberField). */
export interface DefinitionDraft {
  id: string | null;
  fieldName: string;
  fieldLabel: string;
  fieldHelpText: string;
  fieldType: FieldType | null;
  inputType: InputType | null;
  mandatory: boolean;
  search: boolean;
  defaultValue: string;
  minValue: number;
  maxValue: number;
  allowSpecialChars: boolean;
  /** The allowed characters typed together ('+-_'); a comma travels as `commaIncluded` instead. */
  allowedChars: string;
  commaIncluded: boolean;
}

/** A draft field's key; server errors (`validations.0.value`) are mapped back onto these. */
export type DraftField = Exclude<keyof DefinitionDraft, 'id'>;
export type DraftErrors = Partial<Record<DraftField, string>>;

export const DRAFT_LABELS: Record<DraftField, string> = {
  fieldName: 'Field Name',
  fieldLabel: 'Field Label',
  fieldHelpText: 'Help Text',
  fieldType: 'Field Type',
  inputType: 'Input Type',
  mandatory: 'Mandatory',
  search: 'Search',
  defaultValue: 'Dropdown Values',
  minValue: 'Min.Char',
  maxValue: 'Max.Char',
  allowSpecialChars: 'Allow Special Characters',
  allowedChars: 'Allowed Special Characters',
  commaIncluded: 'Include comma',
};

export const emptyDraft = (): DefinitionDraft => ({
  id: null,
  fieldName: '',
  fieldLabel: '',
  fieldHelpText: '',
  fieldType: null,
  inputType: null,
  mandatory: false,
  search: false,
  defaultValue: '',
  minValue: NaN,
  maxValue: NaN,
  allowSpecialChars: false,
  allowedChars: '',
  commaIncluded: false,
});

const valueOf = (d: Definition, id: Validation['id']) => d.validations.find((v) => v.id === id)?.value;

export function draftOf(d: Definition): DefinitionDraft {
  const min = valueOf(d, 'minValue');
  const max = valueOf(d, 'maxValue');
  const chars = valueOf(d, 'allowedChars');
  return {
    id: d._id,
    fieldName: d.fieldName,
    fieldLabel: d.fieldLabel,
    fieldHelpText: d.fieldHelpText,
    fieldType: d.fieldType,
    inputType: d.inputType,
    mandatory: d.mandatory,
    search: d.search,
    defaultValue: d.defaultValue,
    minValue: typeof min === 'number' ? min : NaN,
    maxValue: typeof max === 'number' ? max : NaN,
    allowSpecialChars: valueOf(d, 'allowSpecialChars') === true,
    allowedChars: Array.isArray(chars) ? chars.filter((c) => c !== ',').join('') : '',
    commaIncluded: d.commaIncluded,
  };
}

export const isTyped = (t: FieldType | null) => t === 'text' || t === 'textarea';
/** customer-master 3: a textarea takes alphabets or alphanumeric only. */
export const inputTypesFor = (t: FieldType | null): readonly InputType[] =>
  t === 'textarea' ? TEXTAREA_INPUT_TYPES : (Object.keys(INPUT_TYPE_LABELS) as InputType[]);
/** customer-master 5: min/max characters apply to alphabets, alphanumeric and email. */
export const hasLength = (d: DefinitionDraft) => isTyped(d.fieldType) && d.inputType !== null && LENGTH_INPUT_TYPES.includes(d.inputType);

/** customer-master 4: changing the field type clears an input type that no longer applies. */
export function withFieldType(d: DefinitionDraft, fieldType: FieldType): DefinitionDraft {
  const keep = isTyped(fieldType) && d.inputType !== null && inputTypesFor(fieldType).includes(d.inputType);
  return { ...d, fieldType, inputType: keep ? d.inputType : null };
}

/** The characters typed into Allowed Special Characters: each once, no spaces, no comma (that is 'Include comma'). */
export const charsOf = (typed: string) => [...new Set(Array.from(typed).filter((c) => c.trim() !== '' && c !== ','))];

/** customer-master 5, checked before sending; the server checks the same and more. */
export function validateDraft(d: DefinitionDraft): DraftErrors {
  const errors: DraftErrors = {};
  const required = DefinitionTexts.required;
  if (!d.fieldName.trim()) errors.fieldName = required;
  if (!d.fieldLabel.trim()) errors.fieldLabel = required;
  if (!d.fieldHelpText.trim()) errors.fieldHelpText = required;
  if (!d.fieldType) errors.fieldType = required;
  if (isTyped(d.fieldType) && !d.inputType) errors.inputType = required;
  if (d.fieldType === 'selectbox-singlevalue' && !d.defaultValue.split(',').some((v) => v.trim())) errors.defaultValue = required;
  if (hasLength(d) && !Number.isNaN(d.minValue) && !Number.isNaN(d.maxValue) && d.minValue > d.maxValue) errors.minValue = DefinitionTexts.minAboveMax;
  return errors;
}

/** The save call's body, with the draft field each `validations[i]` came from (to place the server's errors). */
export function wireOf(d: DefinitionDraft) {
  const validations: Validation[] = [];
  const sources: DraftField[] = [];
  const push = (v: Validation, from: DraftField) => {
    validations.push(v);
    sources.push(from);
  };
  if (isTyped(d.fieldType)) {
    if (hasLength(d) && !Number.isNaN(d.minValue)) push({ id: 'minValue', value: d.minValue }, 'minValue');
    if (hasLength(d) && !Number.isNaN(d.maxValue)) push({ id: 'maxValue', value: d.maxValue }, 'maxValue');
    push({ id: 'allowSpecialChars', value: d.allowSpecialChars }, 'allowSpecialChars');
    if (d.allowSpecialChars) push({ id: 'allowedChars', value: charsOf(d.allowedChars) }, 'allowedChars');
  }
  const select = d.fieldType === 'selectbox-singlevalue' || d.fieldType === 'selectbox-multiplevalue';
  const body = {
    ...(d.id ? { id: d.id } : {}),
    fieldName: d.fieldName.trim(),
    fieldLabel: d.fieldLabel.trim(),
    fieldHelpText: d.fieldHelpText.trim(),
    fieldType: d.fieldType ?? '',
    inputType: isTyped(d.fieldType) ? (d.inputType ?? '') : '',
    mandatory: d.mandatory,
    search: d.search,
    defaultValue: select ? d.defaultValue : '',
    validations,
    commaIncluded: d.allowSpecialChars && d.commaIncluded,
  };
  return { body, sources };
}

/** The server's field path (`fieldName`, `validations.1.value`, `fieldHelptext`) as the draft field it names. */
export function draftFieldOf(path: string, sources: DraftField[]): DraftField | null {
  const at = /^validations\.(\d+)/.exec(path);
  if (at) return sources[Number(at[1])] ?? null;
  const name = path === 'fieldHelptext' ? 'fieldHelpText' : path;
  return name in DRAFT_LABELS ? (name as DraftField) : null;
}
