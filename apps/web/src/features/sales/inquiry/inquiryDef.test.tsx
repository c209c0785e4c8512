import { describe, expect, it, vi } from 'vitest';
import { inquiryDef, type InquiryListRow } from './inquiryDef';
import { pathOf } from './fields';
import { userInquiryDef } from '../user-inquiry/userInquiryDef';

const row = (status: string, ownerUser: string | null = '7') =>
  ({
    id: '1',
    status,
    ownerUser,
    customerChatId: 'cust_9',
    customerName: '周',
    customerPhone: '13700001111',
  }) as unknown as InquiryListRow;

describe('inquiry page declaration', () => {
  const open = vi.fn();
  const chat = vi.fn();
  const def = inquiryDef(open, chat);
  const visible = (key: string, status: string, owner?: string | null) =>
    def.actions!.find((a) => a.key === key)!.visible?.(row(status, owner)) ?? true;

  it('offers each action only where the state machine allows it', () => {
    expect(visible('assign', 'new')).toBe(true);
    expect(visible('follow', 'new')).toBe(false);
    expect(visible('transfer', 'new')).toBe(false);
    expect(visible('follow', 'assigned')).toBe(true);
    expect(visible('close', 'quoted')).toBe(true);
    for (const closed of ['won', 'lost', 'invalid'])
      for (const key of ['assign', 'transfer', 'follow', 'close'])
        expect(visible(key, closed), `${key} ${closed}`).toBe(false);
    expect(visible('chat', 'new', null)).toBe(false);
  });

  it('the chat button asks for the customer’s conversation', () => {
    void def.actions!.find((a) => a.key === 'chat')!.run({ rows: [row('following')], reload: () => {} });
    expect(chat).toHaveBeenCalledWith(expect.objectContaining({ customerChatId: 'cust_9' }));
  });

  it('sends the expected purchase date as a date, and empty optional fields as null', () => {
    const body = def.toBody!(
      { customerName: 'a', expectedPurchaseDate: '2026-12-31 00:00:00', budget: '', modelId: undefined },
      'add',
      {} as InquiryListRow,
    );
    expect(body).toMatchObject({
      expectedPurchaseDate: '2026-12-31',
      budget: null,
      modelId: null,
      modelText: '',
    });
  });

  it('takes budgets in the §5 money pattern only', () => {
    const { regex } = def.columns.find((c) => c.prop === 'budget')!.form!.pattern!;
    for (const ok of ['0', '250000', '250000.5', '99999999.99']) expect(regex.test(ok), ok).toBe(true);
    for (const bad of ['012', '1.234', '123456789', '-1', '1e5']) expect(regex.test(bad), bad).toBe(false);
  });

  it('finds a model’s path in the catalogue tree for the cascader', () => {
    const tree = [
      {
        value: 'b1',
        label: 'B',
        children: [{ value: 's1', label: 'S', children: [{ value: '42', label: 'M' }] }],
      },
    ];
    expect(pathOf(tree, '42')).toEqual(['b1', 's1', '42']);
    expect(pathOf(tree, '43')).toBeUndefined();
  });
});

describe('user-inquiry pool declaration', () => {
  it('can be claimed only while waiting, and has no add or edit', () => {
    const claim = userInquiryDef.actions!.find((a) => a.key === 'claim')!;
    expect(claim.code).toBe('user_inquiry_claim');
    expect(claim.visible!({ status: 'pending' } as never)).toBe(true);
    expect(claim.visible!({ status: 'claimed' } as never)).toBe(false);
    expect(userInquiryDef.api.submit).toBeUndefined();
  });
});
