import type { InputType } from '@parley/sdk/contract/customer-definitions';

/**
 * What the screen needs of the contract's DefinitionMessages and input-type lists (sdk contract/customer-definitions),
 * restated: that module builds zod schemas as it loads, which the element does not carry. attributes.test.ts checks
 * the two agree.
 */
export const DefinitionTexts = {
  required: 'This field is required',
  saveFailed: 'Save Failed. Please check for errors in fields',
  minAboveMax: 'Min. characters must not be more than Max. characters',
  saved: 'Field Saved Successfully',
  deleted: 'Field Deleted Successfully',
  reordered: 'Fields Reordered Successfully',
} as const;

/** A textarea takes only these input types (customer-master 3). */
export const TEXTAREA_INPUT_TYPES: readonly InputType[] = ['alphabets', 'alphanumeric'];
/** Min/max characters apply to these input types only (customer-master 5). */
export const LENGTH_INPUT_TYPES: readonly InputType[] = ['alphabets', 'alphanumeric', 'email'];
