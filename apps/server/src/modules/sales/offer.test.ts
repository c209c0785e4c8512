import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText, getDocumentProxy } from 'unpdf';
import { SALES_DEFAULTS, calculateOffer, parseOfferCard } from '@forecourt/contracts/sales';
import {
  call,
  clearOfMidnight,
  createTestApp,
  dbLabel,
  otherTenant,
  tokenFor,
  type TestApp,
} from '../../../test/harness.js';
import { newId } from '../../platform/ids.js';
import { systemScope } from '../../platform/scope.js';
import { groupMoney } from './offer-pdf.js';
import { actOnOffer, today } from './offer-rules.js';
import { expireOffers } from './index.js';

const TENANT = '000000';

describe(`offers (${dbLabel})`, () => {
  let t: TestApp;
  let sales1: string;
  let sales2: string;
  let admin: string;
  const users: Record<string, { id: string; dept: string }> = {};
  const inStock: string[] = [];
  let model: { id: string; energyType: string };

  const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => t.db.query<T>(sql, params);

  /** A customer whose advisor is `owner`, and an inquiry of theirs in `status`, owned by `owner`. */
  async function inquiryOf(
    owner: string,
    status = 'following',
    name = '张三丰',
    advisor: string | null = owner,
  ) {
    const u = users[owner]!;
    const customer = newId();
    const phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await q('INSERT INTO member_customer (id, tenant_id, name, phone, user_id) VALUES ($1, $2, $3, $4, $5)', [
      customer,
      TENANT,
      name,
      phone,
      advisor && users[advisor]!.id,
    ]);
    const id = newId();
    await q(
      `INSERT INTO sales_inquiry (id, tenant_id, customer_id, customer_name, customer_phone, model_id, city_code, channel, status, owner_user, owner_dept)
       VALUES ($1, $2, $3, $4, $5, $6, '110101', 'walk_in', $7, $8, $9)`,
      [id, TENANT, customer, name, phone, model.id, status, u.id, u.dept],
    );
    return { id, customer };
  }

  const body = (inquiryId: string, over: Record<string, unknown> = {}) => ({
    inquiryId,
    modelId: model.id,
    vehiclePrice: '200000',
    discount: '3000',
    insurance: '5200',
    registrationFee: '500',
    accessories: [{ name: '脚垫', amount: '800' }],
    serviceFee: '1000',
    tradeInCredit: '0',
    finance: { downPaymentPercent: '30', termMonths: 36, annualRatePercent: '3.85' },
    validUntil: today(new Date(Date.now() + 7 * 86400_000)),
    ...over,
  });

  /** A stock vehicle at its guide price without discount: never below its floor price, so no approval. */
  const onVehicle = async (resourceId: string) => {
    const r = (
      await q<{ guide_price: string }>('SELECT guide_price FROM sales_resource WHERE id = $1', [resourceId])
    )[0]!;
    return { resourceId, vehiclePrice: r.guide_price.replace(/\.00$/, ''), discount: '0' };
  };

  const submit = async (token: string, b: Record<string, unknown>, lang: 'en' | 'zh' = 'en') =>
    call(t, token, { method: 'POST', url: '/api/blade-sales/offer/submit', payload: b, lang });
  const act = (token: string, action: string, id: string, extra: Record<string, unknown> = {}) =>
    call(t, token, {
      method: 'POST',
      url: `/api/blade-sales/offer/${action}`,
      payload: { id, ...extra },
      lang: 'en',
    });
  const resourceStatus = async (id: string) =>
    (
      await q<{ status: string; reserved_offer_id: string | null; reserved_until: Date | null }>(
        'SELECT status, reserved_offer_id, reserved_until FROM sales_resource WHERE id = $1',
        [id],
      )
    )[0]!;

  beforeAll(async () => {
    t = await createTestApp();
    [sales1, sales2, admin] = await Promise.all([
      tokenFor(t, 'sales1'),
      tokenFor(t, 'sales2'),
      tokenFor(t, 'admin'),
    ]);
    for (const a of ['sales1', 'sales2', 'admin']) {
      const r = (
        await q<{ id: string; dept_id: string }>(
          'SELECT id, dept_id FROM blade_user WHERE account = $1 AND tenant_id = $2',
          [a, TENANT],
        )
      )[0]!;
      users[a] = { id: r.id, dept: r.dept_id.split(',')[0]! };
    }
    model = (
      await q<{ id: string; energy_type: string }>(
        "SELECT id, energy_type FROM sales_model WHERE tenant_id = $1 AND energy_type = 'petrol' ORDER BY id LIMIT 1",
        [TENANT],
      )
    ).map((m) => ({ id: m.id, energyType: m.energy_type }))[0]!;
    inStock.push(
      ...(
        await q<{ id: string }>(
          "SELECT id FROM sales_resource WHERE tenant_id = $1 AND status = 'in_stock' ORDER BY id LIMIT 6",
          [TENANT],
        )
      ).map((r) => r.id),
    );
  });
  afterAll(() => t?.close());

  it('computes every line on the server, as the shared calculator does, and never answers the floor price', async () => {
    const { id: inquiryId } = await inquiryOf('sales1');
    const before = today();
    const res = await submit(sales1, body(inquiryId, { resourceId: inStock[0] }));
    const after = today();
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json().data;
    const energy = (
      await q<{ energy_type: string }>(
        'SELECT m.energy_type FROM sales_resource r JOIN sales_model m ON m.id = r.model_id WHERE r.id = $1',
        [inStock[0]],
      )
    )[0]!.energy_type;
    // The purchase tax is of the server's day at the submission, which lies between these two: two days
    // only when the run crossed midnight meanwhile, and two figures only if that was also a change of the
    // tax rules (New Year's). The offer's figures are those of one of them.
    const wants = [...new Set([before, after])].map((taxDate) =>
      calculateOffer({ ...body(inquiryId), energyType: energy as 'petrol', taxDate } as never),
    );
    const want = wants.find((w) => w.purchaseTax === o.purchaseTax) ?? wants[0]!;
    expect(o).toMatchObject({
      version: 1,
      status: 'draft',
      invoicePrice: '197000.00',
      purchaseTax: want.purchaseTax,
      total: want.total,
      dueAtSigning: want.dueAtSigning,
    });
    // 197000 below the vehicle's floor price calls for a manager, though the discount is within the limit.
    const floor = (
      await q<{ below: boolean }>('SELECT 197000 < floor_price AS below FROM sales_resource WHERE id = $1', [
        inStock[0],
      ])
    )[0]!.below;
    expect(o.approvalNeeded).toBe(floor);
    expect(o.finance).toMatchObject({
      monthlyPayment: want.finance!.monthlyPayment,
      totalInterest: want.finance!.totalInterest,
      lastPayment: want.finance!.lastPayment,
    });
    for (const token of [sales1, admin]) {
      const text = (await call(t, token, { url: `/api/blade-sales/offer/detail?id=${o.id}` })).body;
      expect(text).not.toMatch(/floorPrice|purchaseCost|floor_price|purchase_cost/);
    }
    const list = await call(t, sales1, { url: '/api/blade-sales/offer/list?size=100' });
    expect(list.body).not.toMatch(/floorPrice|purchaseCost/);

    // A search through the join (the inquiry's customer name) answers the offer as the list shows it,
    // with its version count, and only matches.
    type Listed = { id: string; customerName: string; versionCount: number };
    const mine = (list.json().data.records as Listed[]).find((r) => r.id === o.id)!;
    const part = mine.customerName.slice(1);
    const found = (
      await call(t, sales1, {
        url: `/api/blade-sales/offer/list?size=100&customerName=${encodeURIComponent(part)}`,
      })
    ).json().data as { records: Listed[]; total: number };
    expect(found.records.find((r) => r.id === o.id)).toEqual(mine);
    expect(found.records.every((r) => r.customerName.includes(part))).toBe(true);
    expect(found.total).toBe(found.records.length);
  });

  it('a malformed amount is a 400 naming the field; a past validity date too', async () => {
    const { id } = await inquiryOf('sales1');
    const bad = await submit(sales1, body(id, { vehiclePrice: '12.345' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('vehiclePrice');
    const past = await submit(sales1, body(id, { validUntil: '2020-01-01' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().msg).toContain('validUntil');
  });

  it('within the limit: no approval, sent as a card in chat, accepted → the vehicle is reserved and the inquiry won', async () => {
    const { id: inquiryId, customer } = await inquiryOf('sales1');
    const o = (await submit(sales1, body(inquiryId, await onVehicle(inStock[1]!)))).json().data;
    const refused = await act(sales1, 'submit-approval', o.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      'This offer is within your discount limit and needs no approval; send it directly',
    );
    const sent = await act(sales1, 'send', o.id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('sent');
    // The customer's conversation with the salesperson holds the card.
    const msgs = await q<{ sender: string; type: string; payload: { data: string } }>(
      `SELECT m.sender, m.type, m.payload FROM im_message m JOIN im_member b ON b.conversation_id = m.conversation_id
        WHERE b.user_id = $1 ORDER BY m.seq`,
      [`cust_${customer}`],
    );
    expect(msgs).toHaveLength(1);
    expect(msgs[0]).toMatchObject({ sender: 'sales1', type: 'TIMCustomElem' });
    expect(parseOfferCard(msgs[0]!.payload.data)).toMatchObject({
      offerId: o.id,
      total: o.total,
      version: 1,
    });
    expect(
      (await q<{ status: string }>('SELECT status FROM sales_inquiry WHERE id = $1', [inquiryId]))[0]!.status,
    ).toBe('quoted');

    const before = Date.now();
    const accepted = await act(sales1, 'accept', o.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.status).toBe('accepted');
    const v = await resourceStatus(inStock[1]!);
    expect(v.status).toBe('reserved');
    expect(v.reserved_offer_id).toBe(o.id);
    const holdMs = new Date(v.reserved_until!).getTime() - before;
    expect(Math.round(holdMs / 3600_000)).toBe(SALES_DEFAULTS.reservationHoldHours);
    expect(
      (await q<{ status: string }>('SELECT status FROM sales_inquiry WHERE id = $1', [inquiryId]))[0]!.status,
    ).toBe('won');
    // Accepted is final.
    const again = await act(sales1, 'decline', o.id);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('The offer status cannot change from "Accepted" to "Declined"');
  });

  it("a customer without an advisor gets the author as advisor; another colleague's customer gets no card", async () => {
    const free = await inquiryOf('sales1', 'following', '李四', null);
    const o = (await submit(sales1, body(free.id))).json().data;
    expect((await act(sales1, 'send', o.id)).statusCode).toBe(200);
    const c = await q<{ user_id: string }>('SELECT user_id FROM member_customer WHERE id = $1', [
      free.customer,
    ]);
    expect(c[0]!.user_id).toBe(users.sales1!.id);
    const theirs = await inquiryOf('sales1', 'following', '王五', 'sales2');
    const o2 = (await submit(sales1, body(theirs.id))).json().data;
    const refused = await act(sales1, 'send', o2.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      "The customer's advisor is not the author of the offer, so it cannot be sent in chat",
    );
    expect(
      (await call(t, sales1, { url: `/api/blade-sales/offer/detail?id=${o2.id}` })).json().data.status,
    ).toBe('draft');
  });

  it('above the limit: approval by a manager only, never by the author; then it can be sent', async () => {
    const { id: inquiryId } = await inquiryOf('sales1');
    const big = (await submit(sales1, body(inquiryId, { discount: '20000' }))).json().data;
    expect(big.approvalNeeded).toBe(true);
    const direct = await act(sales1, 'send', big.id);
    expect(direct.statusCode).toBe(400);
    expect(direct.json().msg).toMatch(/^The discount exceeds your limit/);
    expect((await act(sales1, 'submit-approval', big.id)).json().data.status).toBe('pending_approval');
    // A salesperson holds no approve button.
    expect((await act(sales1, 'approve', big.id)).statusCode).toBe(403);
    const ok = await act(admin, 'approve', big.id, { remark: '老客户' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      status: 'approved',
      approvalRemark: '老客户',
      approvedByName: '管理员',
    });
    expect((await act(sales1, 'send', big.id)).json().data.status).toBe('sent');

    // The administrator's own offer: someone else has to approve it.
    const mine = await inquiryOf('admin');
    const own = (await submit(admin, body(mine.id, { discount: '20000' }))).json().data;
    await act(admin, 'submit-approval', own.id);
    const self = await act(admin, 'approve', own.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().msg).toBe('You cannot approve your own offer');
  });

  it('a department head approves offers of their subtree only (the rule, without the button check)', async () => {
    const role = newId();
    await q(
      "INSERT INTO blade_role (id, tenant_id, role_name, role_alias, sort, role_rank) VALUES ($1, $2, '销售经理', 'sales_head', 9, 50)",
      [role, TENANT],
    );
    const dept = async (name: string) =>
      (
        await q<{ id: string }>('SELECT id FROM blade_dept WHERE tenant_id = $1 AND dept_name = $2', [
          TENANT,
          name,
        ])
      )[0]!.id;
    const resource1 = (await q<{ id: string }>("SELECT id FROM blade_user WHERE account = 'resource1'"))[0]!
      .id;
    const headOf = async (deptName: string) => ({
      ...systemScope(TENANT),
      isPlatformAdmin: false,
      userId: resource1,
      account: 'resource1',
      roleIds: [role],
      roleAliases: ['sales_head'],
      deptId: await dept(deptName),
    });
    const { id: inquiryId } = await inquiryOf('sales1');
    const o = (await submit(sales1, body(inquiryId, { discount: '20000' }))).json().data;
    await act(sales1, 'submit-approval', o.id);
    await expect(actOnOffer(t.db, await headOf('网络营销部'), o.id, 'approve')).rejects.toMatchObject({
      status: 403,
    });
    const done = await actOnOffer(t.db, await headOf('销售中心'), o.id, 'approve', { remark: 'ok' });
    expect(done.offer).toMatchObject({ status: 'approved', approvedBy: resource1 });
  });

  it('a revision is a new version: the list shows the latest, the detail every version, old ones stay readable', async () => {
    const { id: inquiryId } = await inquiryOf('sales1');
    const v1 = (await submit(sales1, body(inquiryId))).json().data;
    const v2 = (await submit(sales1, body(inquiryId, { discount: '4000' }))).json().data;
    expect(v2.version).toBe(2);
    const list = (await call(t, sales1, { url: `/api/blade-sales/offer/list?inquiryId=${inquiryId}` })).json()
      .data;
    expect(list.records.map((r: { id: string }) => r.id)).toEqual([v2.id]);
    expect(list.records[0].versionCount).toBe(2);
    const d = (await call(t, sales1, { url: `/api/blade-sales/offer/detail?id=${v1.id}` })).json().data;
    expect(d.discount).toBe('3000.00');
    expect(d.versions.map((v: { version: number }) => v.version)).toEqual([1, 2]);
    // A sent offer is no draft: changing it is refused, a revision is a new version.
    await act(sales1, 'send', v2.id);
    const edit = await submit(sales1, { ...body(inquiryId), id: v2.id });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().msg).toBe('Only a draft can be changed; to revise an offer, create a new version');
  });

  it("another salesperson's offer is 403 by id and absent from their list; another tenant's too", async () => {
    const { id: inquiryId } = await inquiryOf('sales1');
    const o = (await submit(sales1, body(inquiryId))).json().data;
    expect((await call(t, sales2, { url: `/api/blade-sales/offer/detail?id=${o.id}` })).statusCode).toBe(403);
    expect((await act(sales2, 'send', o.id)).statusCode).toBe(403);
    expect((await call(t, sales2, { url: `/api/blade-sales/offer/pdf?id=${o.id}` })).statusCode).toBe(403);
    const theirs = (
      await call(t, sales2, { url: '/api/blade-sales/offer/list?size=1000&versions=all' })
    ).json().data;
    expect(theirs.records.every((r: { ownerUser: string }) => r.ownerUser === users.sales2!.id)).toBe(true);
    expect(theirs.records.some((r: { id: string }) => r.id === o.id)).toBe(false);
    const all = (await call(t, admin, { url: `/api/blade-sales/offer/list?inquiryId=${inquiryId}` })).json()
      .data;
    expect(all.records.map((r: { id: string }) => r.id)).toEqual([o.id]);
    const boss = await otherTenant(t, '100001', { administrator: true });
    expect((await call(t, boss, { url: `/api/blade-sales/offer/detail?id=${o.id}` })).statusCode).toBe(403);
  });

  it('a vehicle held by another accepted offer: 409, and nothing changes', async () => {
    const a = await inquiryOf('sales1');
    const b = await inquiryOf('sales1');
    const oa = (await submit(sales1, body(a.id, await onVehicle(inStock[2]!)))).json().data;
    const ob = (await submit(sales1, body(b.id, await onVehicle(inStock[2]!)))).json().data;
    await act(sales1, 'send', oa.id);
    await act(sales1, 'send', ob.id);
    expect((await act(sales1, 'accept', oa.id)).statusCode).toBe(200);
    const taken = await act(sales1, 'accept', ob.id);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toMatch(/^Vehicle [A-Z0-9]{17} is already reserved by another offer/);
    const d = (await call(t, sales1, { url: `/api/blade-sales/offer/detail?id=${ob.id}` })).json().data;
    expect(d.status).toBe('sent');
    expect((await resourceStatus(inStock[2]!)).reserved_offer_id).toBe(oa.id);
  });

  it('parallel acceptances of two offers on one vehicle: exactly one wins', async () => {
    const offers: string[] = [];
    for (let i = 0; i < 6; i++) {
      const inq = await inquiryOf('sales1');
      const o = (await submit(sales1, body(inq.id, await onVehicle(inStock[3]!)))).json().data;
      await act(sales1, 'send', o.id);
      offers.push(o.id);
    }
    const codes = (await Promise.all(offers.map((id) => act(sales1, 'accept', id)))).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    const winner = offers[codes.indexOf(200)];
    expect((await resourceStatus(inStock[3]!)).reserved_offer_id).toBe(winner);
  });

  it('sent offers expire after their validity date by the server sweep (moved clock); an expired one cannot be accepted', async () => {
    const { id: inquiryId } = await inquiryOf('sales1');
    // Valid until today: the server must still be on this day when it takes the offer and when it sends it.
    await clearOfMidnight();
    const validUntil = today();
    const o = (
      await submit(sales1, body(inquiryId, { validUntil, ...(await onVehicle(inStock[4]!)) }))
    ).json().data;
    await act(sales1, 'send', o.id);
    // On its last day it is still open.
    expect(await expireOffers(t.db, validUntil)).not.toContain(o.id);
    const tomorrow = new Date(Date.now() + 86400_000);
    // Before the sweep has run, accepting after the date is refused all the same.
    const scope = { ...systemScope(TENANT), userId: users.sales1!.id, roleAliases: ['administrator'] };
    await expect(actOnOffer(t.db, scope, o.id, 'accept', { now: tomorrow })).rejects.toMatchObject({
      status: 400,
      key: 'sales.offer.expired',
    });
    expect(await expireOffers(t.db, today(tomorrow))).toContain(o.id);
    const d = (await call(t, sales1, { url: `/api/blade-sales/offer/detail?id=${o.id}` })).json().data;
    expect(d.status).toBe('expired');
    expect((await act(sales1, 'accept', o.id)).statusCode).toBe(400);
    expect((await resourceStatus(inStock[4]!)).status).toBe('in_stock');
  });

  it('the PDF renders the Chinese text with the shipped font', async () => {
    const { id: inquiryId } = await inquiryOf('sales1', 'following', '欧阳娜娜');
    const o = (await submit(sales1, body(inquiryId, await onVehicle(inStock[5]!)))).json().data;
    const res = await call(t, sales1, { url: `/api/blade-sales/offer/pdf?id=${o.id}`, lang: 'zh' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = await getDocumentProxy(new Uint8Array(res.rawPayload));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('购车报价单');
    expect(text).toContain('欧阳娜娜');
    expect(text).toContain('购置税');
    expect(text).toContain(groupMoney(o.total));
    const en = await call(t, sales1, { url: `/api/blade-sales/offer/pdf?id=${o.id}`, lang: 'en' });
    const enText = (
      await extractText(await getDocumentProxy(new Uint8Array(en.rawPayload)), { mergePages: true })
    ).text;
    expect(enText).toContain('Vehicle offer');
    expect(enText).toContain('欧阳娜娜');
  });

  it('removes drafts only', async () => {
    const { id: inquiryId } = await inquiryOf('sales1');
    const o = (await submit(sales1, body(inquiryId))).json().data;
    await act(sales1, 'send', o.id);
    const refused = await call(t, sales1, {
      method: 'POST',
      url: `/api/blade-sales/offer/remove?ids=${o.id}`,
      lang: 'en',
    });
    expect(refused.statusCode).toBe(400);
    const d = (await submit(sales1, body(inquiryId))).json().data;
    const removed = await call(t, sales1, {
      method: 'POST',
      url: `/api/blade-sales/offer/remove?ids=${d.id}`,
    });
    expect(removed.json().data).toBe(1);
    // The next revision does not reuse the removed version's number.
    expect((await submit(sales1, body(inquiryId))).json().data.version).toBe(3);
  });
});
