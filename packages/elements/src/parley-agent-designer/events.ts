/** `parley-navigate`: the spec path the designer moves to (`bots/{id}/entity-list/create`). Cancel it to route yourself. */
export interface NavigateDetail {
  path: string;
  state?: unknown;
}

/** `parley-unsaved-changes`: whether the open intent has changes not saved yet (the host may refuse to leave). */
export interface UnsavedChangesDetail {
  unsaved: boolean;
}
