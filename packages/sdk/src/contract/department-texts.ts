/** Departments' texts and limits (platform-shell 3 "Department", 7.4), shared by the server and the screens. */
export const DepartmentMessages = {
  saved: 'Department saved successfully',
  deleted: 'Department deleted successfully',
  notFound: 'Department not found',
  nameTaken: 'A department with this name already exists',
  managerNotFound: 'Manager not found',
  usersAdded: 'Users added to the department',
  usersRemoved: 'Users removed from the department',
  userNotFound: 'User not found',
} as const;

/** Deleting a department that still routes chats would strand them: the refusal says what holds it. */
export function departmentInUse(channels: number, openChats: number): string {
  const parts = [
    channels ? `${channels} channel${channels === 1 ? '' : 's'}` : '',
    openChats ? `${openChats} open chat${openChats === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  const todo = [channels ? 'move its channels to another department' : '', openChats ? 'close its chats' : ''].filter(Boolean);
  return `This department still has ${parts.join(' and ')}: ${todo.join(' and ')} first`;
}

export const DepartmentLimits = {
  nameChars: 100,
  descChars: 500,
  /** platform-shell 9: unmapped users perPage 30. */
  mappedUsersPage: 30,
  usersPerCall: 500,
} as const;
