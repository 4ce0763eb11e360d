import { Codes } from '@parley/sdk/contract/envelope';
import type { Definition, DefinitionInput, FieldType, InputType, Validation } from '@parley/sdk/contract/customer-definitions';
import { DefinitionLimits, DefinitionMessages, isBuiltInId } from '@parley/sdk/contract/customer-definitions';
import type { Db } from '../../db/database.js';
import { ApiError } from '../../http/api-error.js';
import type { AuthContext } from '../../http/auth-context.js';
import { isUniqueViolation } from '../nlp-agents/queries.js';
import {
  countDefinitions,
  deleteDefinition,
  fieldNameTaken,
  findDefinition,
  insertDefinition,
  listDefinitions,
  lockDefinitions,
  renumber,
  updateDefinition,
  type DefinitionRow,
  type DefinitionValues,
} from './queries.js';

/** The two built-in definitions (customer-master 3 and 9): always first, never stored, never changed. */
export const BUILT_IN_DEFINITIONS: readonly Definition[] = [
  {
    _id: 'phoneNumber',
    id: 'phoneNumber',
    fieldName: 'phoneNumber',
    fieldLabel: 'Phone Number',
    fieldType: 'text',
    inputType: 'alphanumeric',
    fieldHelpText: 'Phone number including country code',
    mandatory: true,
    search: true,
    defaultValue: '',
    validations: [
      { id: 'minValue', value: 10 },
      { id: 'maxValue', value: 100000 },
      { id: 'allowSpecialChars', value: true },
      { id: 'allowedChars', value: ['+'] },
    ],
    commaIncluded: false,
    index: null,
    builtIn: true,
  },
  {
    _id: 'name',
    id: 'name',
    fieldName: 'name',
    fieldLabel: 'Name',
    fieldType: 'text',
    inputType: 'alphanumeric',
    fieldHelpText: 'Name of the customer',
    mandatory: true,
    search: true,
    defaultValue: '',
    validations: [
      { id: 'minValue', value: 2 },
      { id: 'maxValue', value: 30 },
      { id: 'allowSpecialChars', value: true },
      { id: 'allowedChars', value: [] },
    ],
    commaIncluded: false,
    index: null,
    builtIn: true,
  },
];

// Custom ids are uuids; anything else (but a built-in's id) cannot be one and must not reach a uuid column.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const shape = (r: DefinitionRow): Definition => ({
  _id: r.id,
  id: r.id,
  fieldName: r.fieldName,
  fieldLabel: r.fieldLabel,
  fieldType: r.fieldType as FieldType,
  inputType: (r.inputType as InputType | null) ?? null,
  fieldHelpText: r.fieldHelpText,
  mandatory: r.mandatory,
  search: r.search,
  defaultValue: r.defaultValue.join(','),
  validations: r.validations as Validation[],
  commaIncluded: r.commaIncluded,
  index: r.index,
  builtIn: false,
});

const values = (input: DefinitionInput): DefinitionValues => ({
  fieldName: input.fieldName,
  fieldLabel: input.fieldLabel,
  fieldType: input.fieldType,
  inputType: input.inputType,
  fieldHelpText: input.fieldHelpText,
  mandatory: input.mandatory,
  search: input.search,
  defaultValue: input.defaultValue,
  validations: input.validations,
  commaIncluded: input.commaIncluded,
});

/** A refusal of the save form: the form's summary message with the field's error, like the schema's own refusals. */
const formError = (field: string, message: string) => new ApiError(Codes.VALIDATION_FAILED, DefinitionMessages.saveFailed, 400, [{ field, message }]);
const refusal = (message: string) => new ApiError(Codes.VALIDATION_FAILED, message, 400);

export class CustomerDefinitionService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext): Promise<Definition[]> {
    const rows = await listDefinitions(this.db, auth.eId);
    return [...BUILT_IN_DEFINITIONS, ...rows.map(shape)];
  }

  async get(auth: AuthContext, id: string): Promise<Definition> {
    const builtIn = BUILT_IN_DEFINITIONS.find((d) => d.id === id);
    if (builtIn) return builtIn;
    const row = UUID.test(id) ? await findDefinition(this.db, auth.eId, id) : null;
    if (!row) throw ApiError.notFound();
    return shape(row);
  }

  async save(auth: AuthContext, input: DefinitionInput): Promise<Definition> {
    if (input.id !== undefined && isBuiltInId(input.id)) {
      throw new ApiError(Codes.VALIDATION_FAILED, DefinitionMessages.builtInEdit, 400, [{ field: 'id', message: DefinitionMessages.builtInEdit }]);
    }
    if (input.id !== undefined && !UUID.test(input.id)) throw ApiError.notFound();
    try {
      return await this.db.transaction(async (tx) => {
        await lockDefinitions(tx, auth.eId);
        if (await fieldNameTaken(tx, auth.eId, input.fieldName, input.id)) throw formError('fieldName', DefinitionMessages.duplicateFieldName);
        if (input.id !== undefined) {
          // The index is the row's place: an edit keeps it (only reorder moves a row).
          const row = await updateDefinition(tx, auth.eId, input.id, values(input));
          if (!row) throw ApiError.notFound();
          return shape(row);
        }
        if ((await countDefinitions(tx, auth.eId)) >= DefinitionLimits.definitions) throw refusal(DefinitionMessages.tooManyDefinitions);
        return shape(await insertDefinition(tx, auth.eId, values(input)));
      });
    } catch (err) {
      // Two saves of one name that raced past the check: the unique index decides, with the same field error.
      if (isUniqueViolation(err)) throw formError('fieldName', DefinitionMessages.duplicateFieldName);
      throw err;
    }
  }

  /** Moves the custom row at `fromIndex` to `toIndex` (places among custom rows, 0-based) and renumbers densely. */
  async reorder(auth: AuthContext, fromIndex: number, toIndex: number): Promise<void> {
    if (fromIndex < 0 || toIndex < 0) throw refusal(DefinitionMessages.builtInMove);
    await this.db.transaction(async (tx) => {
      await lockDefinitions(tx, auth.eId);
      const rows = await listDefinitions(tx, auth.eId);
      if (fromIndex >= rows.length)
        throw new ApiError(Codes.VALIDATION_FAILED, DefinitionMessages.badPosition, 400, [{ field: 'fromIndex', message: DefinitionMessages.badPosition }]);
      if (toIndex >= rows.length)
        throw new ApiError(Codes.VALIDATION_FAILED, DefinitionMessages.badPosition, 400, [{ field: 'toIndex', message: DefinitionMessages.badPosition }]);
      const ordered = [...rows];
      const [moved] = ordered.splice(fromIndex, 1);
      ordered.splice(toIndex, 0, moved!);
      await renumber(tx, auth.eId, ordered);
    });
  }

  async delete(auth: AuthContext, id: string): Promise<void> {
    if (isBuiltInId(id)) throw refusal(DefinitionMessages.builtInDelete);
    if (!UUID.test(id)) throw ApiError.notFound();
    await this.db.transaction(async (tx) => {
      await lockDefinitions(tx, auth.eId);
      if (!(await deleteDefinition(tx, auth.eId, id))) throw ApiError.notFound();
      await renumber(tx, auth.eId, await listDefinitions(tx, auth.eId));
    });
  }
}
