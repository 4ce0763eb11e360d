import { z } from 'zod';
import { searchParser, sortParams } from '../../components/list-search.js';

/** `/admin/departments?sort=&dir=`: the departments table's sort (every department is on one page). */
export const departmentSearch = z.object(sortParams(['name', 'members', 'channels']));
export type DepartmentSearch = z.output<typeof departmentSearch>;

export const parseDepartmentSearch = searchParser(departmentSearch);
