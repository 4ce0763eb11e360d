// No imports here: the server lists these names without loading the recogniser.
/** The System tab of the entity list: name and description. Recognised by Microsoft Recognizers-Text via nlp.js. */
export const SYSTEM_ENTITIES = [
  { name: 'number', description: 'Cardinal numbers, in digits or words: 42, forty two' },
  { name: 'ordinal', description: 'Ordinal numbers: 2nd, second' },
  { name: 'email', description: 'Email addresses' },
  { name: 'phone', description: 'Mobile numbers: optional +, 00, 91 or 1, then ten digits' },
  { name: 'url', description: 'Web addresses' },
  { name: 'datetime', description: 'Dates and times: tomorrow at 5pm, 3 March' },
  { name: 'duration', description: 'Durations: 3 days, two hours (value in seconds)' },
  { name: 'currency', description: 'Amounts of money: $20, 500 rupees' },
  { name: 'percentage', description: 'Percentages: 15%, fifteen percent' },
  { name: 'age', description: 'Ages: 30 years old' },
  { name: 'dimension', description: 'Measures: 5 km, 3 kg' },
  { name: 'temperature', description: 'Temperatures: 30 degrees' },
] as const;
export type SystemEntityName = (typeof SYSTEM_ENTITIES)[number]['name'];
