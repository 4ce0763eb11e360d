/** Chat Config's texts and limits (platform-shell 2.8 Configuration, 7.4 "Chat labels"). */
export const ChatConfigMessages = {
  saved: 'Chat configuration saved successfully',
  labelSaved: 'Label saved successfully',
  labelDeleted: 'Label deleted successfully',
  labelsOrdered: 'Label order saved',
  labelNotFound: 'Label not found',
  labelTaken: 'This department already has a label with this name',
  labelsMismatch: "The order must name each of the department's labels once",
  badTime: 'Enter a time as HH:MM',
  // Not in the spec; a closing time before the opening time is a night shift ending the next day.
  closeIsOpen: 'The closing time must differ from the opening time',
  badTimeZone: 'Unknown time zone',
  timeoutRange: 'The missed-chat timeout is between 1 minute and 24 hours',
} as const;

export const ChatConfigLimits = {
  labelChars: 40,
  labelsPerDepartment: 100,
  minMissedAfterSeconds: 60,
  maxMissedAfterSeconds: 86_400,
} as const;

/** Label colours: Spectrum's named label colours, so a label reads the same in every theme. */
export const LABEL_COLORS = ['blue', 'green', 'orange', 'red', 'purple', 'seafoam', 'yellow', 'gray'] as const;
export type LabelColor = (typeof LABEL_COLORS)[number];

/** Weekdays as `Date.getDay()` and the working hours' `days` count them: Sunday first. */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
