import {
  test,
  expect,
  apiToken,
  baseUrl,
  clickShown,
  pickOption,
  ADMIN_PASSWORD,
  type Page,
  cn,
  said,
} from '../support/fixtures';

const dialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal').last();
const row = (page: Page, text: string) => page.locator('.ant-table-row:visible', { hasText: text });
const rowsAre = (page: Page, n: number) =>
  expect.poll(() => page.locator('.ant-table-row:visible').count(), { timeout: 15_000 }).toBe(n);
const closeDialog = (page: Page) =>
  clickShown(
    dialog(page)
      .getByRole('button', { name: /关\s?闭|取\s?消/ })
      .first(),
  );

/** A relation as the list answers it (what the resumption needs); 1 is running (contracts: MQ_RELATION_ON). */
interface Relation {
  id: string;
  topic: string;
  consumer: string;
  status: number;
  maxAttempts: number;
}
const RUNNING = 1;

/**
 * Resumes every paused relation through the API: a paused relation holds its topic's messages, and the
 * specs after this one (offers sent, decided) need theirs delivered, whatever became of this test.
 */
async function resumeRelations() {
  const headers = {
    authorization: `Basic ${btoa('saber:saber_secret')}`,
    'blade-auth': `bearer ${await apiToken('admin', ADMIN_PASSWORD)}`,
    'content-type': 'application/json',
  };
  const base = `${baseUrl()}/api/blade-dmt/mq-relation`;
  const list = (await (await fetch(`${base}/list`, { headers })).json()) as { data: Relation[] };
  for (const r of list.data.filter((r) => r.status !== RUNNING)) {
    const res = await fetch(`${base}/submit`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ id: r.id, status: RUNNING, maxAttempts: r.maxAttempts }),
    });
    if (!res.ok) throw new Error(`could not resume ${r.topic} → ${r.consumer}: ${res.status}`);
  }
}

test.describe('the message queue (/monitor/dmt/mq_*)', () => {
  test('the given-up offer card: found by its status, read why it failed, and redelivered', async ({
    pages,
  }) => {
    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/monitor/dmt/mq_message`);
    // The demo company's messages, topics and statuses in words.
    await row(page, '已完成')
      .first()
      .getByText(/^报价已(发送|审批)$/)
      .waitFor();

    const search = page.locator('form[id^="mq-message"][id$="-search"]');
    await pickOption(search.getByLabel('状态', { exact: true }), '已放弃');
    await search.getByRole('button', { name: /搜\s?索/ }).click();
    await rowsAre(page, 1);
    const given = row(page, '已放弃');
    await given.getByText('报价已发送', { exact: true }).waitFor();
    await given.getByRole('cell', { name: '5', exact: true }).waitFor();

    // The view: the body, and the consumer's answers with the last one's error.
    await given.getByRole('button', { name: cn('查看') }).click();
    await dialog(page).getByText('查看消息').waitFor();
    await expect(dialog(page).locator('pre')).toContainText('{');
    const answer = dialog(page).locator('.ant-table-row', { hasText: '客户尚未开通聊天账号' }).last();
    await answer.getByText('向客户发送报价卡片').waitFor();
    await answer.getByText('失败', { exact: true }).waitFor();
    await closeDialog(page);

    await given.getByRole('button', { name: '重新投递' }).click();
    const question = page.locator('.ant-modal-confirm');
    await question.getByText(/确定重新投递消息「报价已发送 · .+」吗？/).waitFor();
    const retried = page.waitForResponse(
      (r) => r.url().includes('/api/blade-dmt/mq-message/retry') && r.request().method() === 'POST',
    );
    await clickShown(question.getByRole('button', { name: /^\s*确\s?[定认]\s*$/ }));
    const answered = await retried;
    expect(answered.status()).toBe(200);
    expect(await answered.json()).toMatchObject({ success: true, data: 1 });
    await said(page, '已重新投递 1 条消息');
    // What becomes of it next is the consumer's (the customer still has no chat account): not asserted.
    expect(errors).toEqual([]);
  });

  test('the platform administrator pauses the offer card relation and resumes it', async ({ pages }) => {
    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/monitor/dmt/mq_relation`);
    const card = row(page, '向客户发送报价卡片');
    await card.getByText('运行中', { exact: true }).waitFor();
    await row(page, '通知报价人审批结果').getByText('报价已审批', { exact: true }).waitFor();
    // The relations are the code's: nothing to add or remove.
    await expect(page.getByRole('button', { name: /新\s?增|删\s?除/ }).count()).resolves.toBe(0);

    const setStatus = async (status: string) => {
      await card.getByRole('button', { name: cn('编辑') }).click();
      await dialog(page).getByText('编辑消息关系').waitFor();
      await expect(dialog(page).getByLabel('最多投递次数')).toHaveValue('5');
      await pickOption(dialog(page).getByLabel('状态', { exact: true }), status);
      await clickShown(dialog(page).getByRole('button', { name: cn('保存') }));
      await said(page, '保存成功');
      await card.getByText(status, { exact: true }).waitFor();
    };
    try {
      await setStatus('已暂停');
      await setStatus('运行中');
    } finally {
      await resumeRelations();
    }
    expect(errors).toEqual([]);
  });

  test('the confirmations and the bodies list the demo messages', async ({ pages }) => {
    const { page, errors } = await pages.signedIn('admin');
    await page.goto(`${baseUrl()}/monitor/dmt/mq_confirm`);
    await row(page, '成功')
      .first()
      .getByText(/^(向客户发送报价卡片|通知报价人审批结果)$/)
      .waitFor();
    // The failed answers may be past the first page: asked for by their status.
    const search = page.locator('form[id^="mq-confirm"][id$="-search"]');
    await pickOption(search.getByLabel('状态', { exact: true }), '失败');
    await search.getByRole('button', { name: /搜\s?索/ }).click();
    await row(page, '客户尚未开通聊天账号').first().getByText('向客户发送报价卡片').waitFor();
    await expect(page.locator('.ant-table-row:visible', { hasText: '成功' })).toHaveCount(0);

    await page.goto(`${baseUrl()}/monitor/dmt/mq_message_data`);
    const body = page.locator('.ant-table-row:visible').first();
    await body.getByText(/^报价已(发送|审批)$/).waitFor();
    await body.getByRole('button', { name: cn('查看') }).click();
    await dialog(page).getByText('查看消息数据').waitFor();
    await expect(dialog(page).locator('pre')).toContainText('{');
    await closeDialog(page);
    expect(errors).toEqual([]);
  });
});
