import type { Permission } from '@parley/sdk/contract/permissions';

/** The designer's spec leaves permissions "not shown": reading needs NLP.VIEW or NLP.NLP, changing needs NLP.NLP. */
export const NLP_READ: Permission[] = ['NLP.VIEW', 'NLP.NLP'];
export const NLP_WRITE: Permission[] = ['NLP.NLP'];
