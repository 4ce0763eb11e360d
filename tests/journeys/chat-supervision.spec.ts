import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiLogin, signInWithForm } from './api.js';

/** What axe reports as serious or critical on the screen (the shell around it is accessibility.spec.ts's). */
async function seriousProblems(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .include('#console-main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.impact} ${v.id}: ${n.target.join(' ')} ${n.html.slice(0, 200)} — ${v.help}`));
}

const DEPARTMENT = 'Escalations';
const CUSTOMER = '+919822233344';

test('a supervisor routes the sandbox channel to a new department, sees its customer waiting on the monitor and assigns the chat to the agent', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(60_000);
  await signInWithForm(page);

  // Departments: a new one with the agent in it.
  await page.goto('/admin/departments');
  await expect(page.getByRole('row', { name: /Support/ })).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Add Department' }).click();
  const form = page.getByRole('dialog');
  await form.getByLabel('Name').fill(DEPARTMENT);
  await form.getByLabel('Description').fill('Customers the bot could not help');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: new RegExp(DEPARTMENT) })).toBeVisible();
  await page.getByRole('button', { name: `Actions for ${DEPARTMENT}` }).click();
  await page.getByRole('menuitem', { name: 'Members' }).click();
  const members = page.getByRole('dialog');
  await members.getByRole('grid', { name: 'Not in this department' }).getByRole('checkbox', { name: 'Select Demo Handle Chats' }).click();
  await members.getByRole('button', { name: 'Add selected' }).click();
  await expect(members.getByRole('grid', { name: 'Members' }).getByRole('row', { name: 'Demo Handle Chats' })).toBeVisible();
  await members.getByRole('button', { name: 'Close' }).click();

  // The sandbox channel moves into it (the channel's department, as the channel API takes it).
  const admin = await apiLogin(request, 'admin@parley.dev');
  const headers = { 'authentication-token': admin.token };
  const depts = (await (await request.get(`/api/e/enterprise/departments?name=${DEPARTMENT}`, { headers })).json()).data as { deptId: string }[];
  const listed = (await (await request.get('/api/e/enterprise/channels?type=4', { headers })).json()).data;
  const sandbox = (listed.channels ?? listed)[0] as { channelId: string };
  expect((await (await request.put(`/api/e/enterprise/channels/${sandbox.channelId}`, { headers, data: { deptId: depts[0]!.deptId } })).json()).status).toBe(
    true,
  );

  // Chat Config shows the department's settings.
  await page.goto('/admin/chatConfig/chat-config');
  await expect(page.getByRole('heading', { name: 'Missed chats and working hours' })).toBeVisible();
  expect(await seriousProblems(page)).toEqual([]);

  // A customer writes from the sandbox phone and asks for a person.
  const phone = await context.newPage();
  await phone.goto('/sandbox/phone');
  await phone.getByLabel('Customer number').fill(CUSTOMER);
  await phone.getByLabel('Display name').fill('Kiran Das');
  await phone.getByRole('button', { name: 'Open chat' }).click();
  await phone.getByPlaceholder('Message').fill('agent please, I was charged twice');
  await phone.getByPlaceholder('Message').press('Enter');

  // The monitor shows it waiting in the new department, live.
  await page.goto('/chat/monitor');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: DEPARTMENT }) });
  await expect(card.getByTestId('queue-waiting')).toHaveText('1', { timeout: 20_000 });
  const row = page.getByRole('row', { name: /Kiran Das/ });
  await expect(row).toContainText(DEPARTMENT);
  expect(await seriousProblems(page)).toEqual([]);

  // Assigned to the agent, who now has it waiting for their answer.
  await row.getByRole('button', { name: 'Assign' }).click();
  const assign = page.getByRole('dialog');
  await expect(assign.getByRole('button', { name: /Demo Handle Chats/ })).toBeVisible();
  await assign.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(row).toContainText('Assigned, awaiting the agent');
  const agent = await apiLogin(request, 'agent@parley.dev');
  const counts = await (await request.get('/api/e/enterprise/chat_count', { headers: { 'authentication-token': agent.token } })).json();
  expect(counts.data.assginedChatCount).toBe(1);
});
