import type { CountryCode } from 'libphonenumber-js';
import type { Db } from '../db/database.js';
import { customerUploadErrors, customerUploads } from '../db/schema.js';
import { CustomerDefinitionService } from '../domains/customer-definitions/service.js';
import { CustomerService } from '../domains/customers/service.js';
import type { AuthContext } from '../http/auth-context.js';

const FIRST = [
  'Asha',
  'Ravi',
  'Meera',
  'Arjun',
  'Priya',
  'Kabir',
  'Nisha',
  'Vikram',
  'Sara',
  'Dev',
  'Isha',
  'Rohan',
  'Tara',
  'Aman',
  'Leela',
  'Omar',
  'Zoya',
  'Neel',
];
const LAST = ['Rao', 'Kumar', 'Sharma', 'Iyer', 'Khan', 'Mehta', 'Nair', 'Das', 'Bose'];
const CITIES = ['Pune', 'Mumbai', 'Delhi', 'Chennai', 'Goa', 'Jaipur'];
const TIERS = ['Gold', 'Silver', 'Bronze'];

/** How many generated customers the demo has (UNREACHABLE aside); the odd ones have a WhatsApp number. */
export const DEMO_CUSTOMER_COUNT = 36;

/** The i-th generated demo customer's name and number; the sandbox's phone page suggests them too. */
export const demoCustomerAt = (i: number) => ({
  name: `${FIRST[i % FIRST.length]} ${LAST[(i * 5 + Math.floor(i / FIRST.length)) % LAST.length]}`,
  phoneNumber: `+91 98${String(20000000 + i * 7919).padStart(8, '0')}`,
});

/** A demo customer the sandbox fails with 131026 (sandbox/whatsapp/message-fate.ts). */
export const UNREACHABLE = { name: 'Farah Ali', phoneNumber: '+91 98000 00001' } as const;

/**
 * The customer master of the demo enterprise, written through the same services the API uses: two custom fields
 * (City, searchable; Tier, a dropdown), three segments and two groups, 37 customers (one of them unreachable on WhatsApp), and one finished upload with its
 * rejected rows, so every customer-master screen has something to show on a new install.
 */
export async function seedDemoCustomers(db: Db, eId: string, uId: string) {
  const auth: AuthContext = { uId, eId, roles: [1], permissions: new Set(), credentialId: 'seed', method: 'password' };
  const definitions = new CustomerDefinitionService(db);
  const city = await definitions.save(
    auth,
    field('city', 'City', {
      fieldType: 'text',
      inputType: 'alphabets',
      search: true,
      validations: [
        { id: 'minValue', value: 2 },
        { id: 'maxValue', value: 40 },
      ],
    }),
  );
  const tier = await definitions.save(auth, field('tier', 'Tier', { fieldType: 'selectbox-singlevalue', inputType: null, search: true, defaultValue: TIERS }));
  const customers = new CustomerService(db, 'IN' as CountryCode);
  // Lists show segments in the order they were made; PGlite's clock counts milliseconds, and two made in the same one
  // would list in either order. A user cannot make two within a millisecond; the seed waits one out.
  const make = async (kind: 'tag' | 'group', name: string) => {
    await new Promise((r) => setTimeout(r, 2));
    return customers.createSegment(auth, kind, name);
  };
  const [vip, newsletter, leads] = [await make('tag', 'VIP'), await make('tag', 'Newsletter'), await make('tag', 'Spring leads')];
  const [buyers, prospects] = [await make('group', 'Buyers'), await make('group', 'Prospects')];
  for (let i = 0; i < DEMO_CUSTOMER_COUNT; i++) {
    const tags = [i % 3 === 0 ? vip!.id : i % 3 === 1 ? newsletter!.id : leads!.id, ...(i % 5 === 0 ? [newsletter!.id] : [])];
    const { name, phoneNumber } = demoCustomerAt(i);
    await customers.save(auth, {
      name,
      phoneNumber,
      whatsAppNumber: i % 2 ? phoneNumber : '',
      tags: [...new Set(tags)],
      groups: [i % 2 ? buyers!.id : prospects!.id],
      data: [
        { id: city.id, value: CITIES[Math.floor(i / 2) % CITIES.length]! },
        { id: tier.id, value: TIERS[Math.floor(i / 3) % TIERS.length]! },
      ],
    });
  }
  // Her number is one the WhatsApp sandbox cannot deliver to (it ends 0001), so the demo broadcast shows a failure.
  await customers.save(auth, {
    name: UNREACHABLE.name,
    phoneNumber: UNREACHABLE.phoneNumber,
    whatsAppNumber: '',
    tags: [newsletter!.id],
    groups: [prospects!.id],
    data: [
      { id: city.id, value: 'Kochi' },
      { id: tier.id, value: 'Bronze' },
    ],
  });
  const [upload] = await db
    .insert(customerUploads)
    .values({
      eId,
      segmentId: leads!.id,
      fileName: 'spring-leads.csv',
      storageKey: 'customer-uploads/demo/spring-leads.csv',
      userHeaders: ['Phone', 'Name', 'City', 'Tier'],
      headerMapping: [
        { src: 'Phone', des: 'phoneNumber' },
        { src: 'Name', des: 'name' },
        { src: 'City', des: 'city' },
        { src: 'Tier', des: 'tier' },
      ],
      state: 'COMPLETED',
      started: true,
      totalLines: 15,
      acceptedLines: 12,
      errorLines: 3,
      processedLines: 15,
      createdBy: uId,
      completedAt: new Date(),
    })
    .returning();
  await db.insert(customerUploadErrors).values([
    { uploadId: upload!.id, line: 4, lineStr: '98765,Kiran Rao,Pune,Gold', errors: [{ message: 'Please enter a valid phone number with country code' }] },
    { uploadId: upload!.id, line: 9, lineStr: '+91 98200 07919,Ravi Again,Mumbai,Silver', errors: [{ message: 'This phone number is repeated in the file' }] },
    { uploadId: upload!.id, line: 13, lineStr: '+91 98200 31676,Leela Nair,Goa,Platinum', errors: [{ message: 'Platinum is not an option of Tier' }] },
  ]);
}

function field(fieldName: string, fieldLabel: string, rest: Record<string, unknown>) {
  return {
    fieldName,
    fieldLabel,
    fieldHelpText: `The customer's ${fieldLabel.toLowerCase()}`,
    mandatory: false,
    search: false,
    defaultValue: [] as string[],
    validations: [],
    commaIncluded: false,
    ...rest,
  } as never;
}
