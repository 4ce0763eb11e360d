import { createContext, useContext } from 'react';
import type { FieldErrors } from './template-checks.js';

/** What every part of the editor needs: whether it is the read-only view, and the errors by the server's field names. */
export const EditorContext = createContext<{ readOnly: boolean; errors: FieldErrors }>({ readOnly: false, errors: {} });
export const useEditor = () => useContext(EditorContext);
