import { describe, expect, it } from 'vitest';
import { OFFER_STATUSES, nextStates, type OfferView } from '@forecourt/contracts/sales';
import { offerDef } from './offerDef';
import { yuan } from './money';

const def = offerDef({ t: (k) => k, lang: () => 'en', openForm: () => {}, openVersions: () => {} });
const row = (over: Partial<OfferView>) =>
  ({ status: 'draft', approvalNeeded: false, versionCount: 1, ...over }) as OfferView;
const buttons = (r: OfferView) =>
  (def.actions ?? []).filter((a) => !a.visible || a.visible(r)).map((a) => a.key);

// The status buttons a row shows, by the server's state machine: the same moves, nothing else.
const MOVE_OF: Record<string, string> = {
  pending_approval: 'submit-approval',
  approved: 'approve',
  rejected: 'reject',
  sent: 'send',
  accepted: 'accept',
  declined: 'decline',
};

describe('the offers page declaration', () => {
  it('shows exactly the moves the state machine allows from each status', () => {
    for (const status of OFFER_STATUSES) {
      for (const approvalNeeded of [false, true]) {
        const shown = buttons(row({ status, approvalNeeded })).filter((k) =>
          Object.values(MOVE_OF).includes(k),
        );
        const allowed = nextStates('offer', status)
          // expiry is the server's sweep, never a button
          .filter((s) => s !== 'expired')
          // from a draft: send when no approval is needed, submit for approval when it is
          .filter((s) => status !== 'draft' || (s === 'sent') === !approvalNeeded)
          .map((s) => MOVE_OF[s]);
        expect(shown.sort(), `${status} approvalNeeded=${approvalNeeded}`).toEqual(allowed.sort());
      }
    }
  });

  it('edits drafts only, revises the rest but accepted ones, lists versions when there are several', () => {
    expect(buttons(row({ status: 'draft' }))).toContain('edit');
    expect(buttons(row({ status: 'sent' }))).not.toContain('edit');
    expect(buttons(row({ status: 'sent' }))).toContain('revise');
    expect(buttons(row({ status: 'accepted' }))).not.toContain('revise');
    expect(buttons(row({ versionCount: 1 }))).not.toContain('versions');
    expect(buttons(row({ versionCount: 3 }))).toContain('versions');
  });

  it('exports money as grouped text from the decimal string', () => {
    const total = def.columns.find((c) => c.prop === 'total')!;
    expect(total.text!(row({ total: '1234567.80' }))).toBe('¥1,234,567.80');
    expect(yuan('-0.50')).toBe('-¥0.50');
  });
});
