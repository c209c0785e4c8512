import { describe, expect, it } from 'vitest';
import {
  MACHINES,
  REASON_REQUIRED,
  type MachineKind,
  canMove,
  nextStates,
  statesOf,
  transition,
} from './status.js';
import { SalesRuleError } from './errors.js';
import { salesMessage } from './messages.js';

const kinds = Object.keys(MACHINES) as MachineKind[];

/** The context a move needs to be allowed (a reason, the approval verdict); empty when it needs nothing. */
function enough(kind: MachineKind, from: string, to: string) {
  if (REASON_REQUIRED[kind]?.includes(to)) return { reason: 'Bought elsewhere' };
  if (kind === 'offer' && from === 'draft') return { approvalNeeded: to === 'pending_approval' };
  return {};
}

function refusal(f: () => unknown): SalesRuleError {
  try {
    f();
  } catch (e) {
    if (e instanceof SalesRuleError) return e;
    throw e;
  }
  throw new Error('the move was allowed');
}

describe('state machines', () => {
  for (const kind of kinds) {
    const states = statesOf(kind);
    const pairs = states.flatMap((from) => states.map((to) => [from, to] as const));
    const allowed = pairs.filter(([a, b]) => canMove(kind, a, b));

    it(`${kind}: every allowed move works (${allowed.length})`, () => {
      expect(allowed.length).toBe(MACHINES[kind].moves.length);
      for (const [from, to] of allowed) expect(transition(kind, from, to, enough(kind, from, to))).toBe(to);
    });

    it(`${kind}: every other pair is refused, naming both states (${pairs.length - allowed.length})`, () => {
      for (const [from, to] of pairs.filter(([a, b]) => !canMove(kind, a, b))) {
        const e = refusal(() => transition(kind, from, to, enough(kind, from, to)));
        expect(e.key).toBe('sales.moveRefused');
        expect(salesMessage('en', e.key, e.params)).toBe(
          `The ${MACHINES[kind].label[1]} status cannot change from "${(MACHINES[kind].states as Record<string, readonly string[]>)[from]![1]}" to "${(MACHINES[kind].states as Record<string, readonly string[]>)[to]![1]}"`,
        );
      }
    });
  }

  it('writes the refusal in each language', () => {
    const e = refusal(() => transition('resource', 'in_transit', 'sold'));
    expect(salesMessage('zh', e.key, e.params)).toBe('车源状态不能从「在途」变为「已售」');
    expect(salesMessage('en', e.key, e.params)).toBe(
      'The vehicle status cannot change from "In transit" to "Sold"',
    );
  });

  it('refuses states that do not exist', () => {
    expect(refusal(() => transition('resource', 'stolen', 'in_stock')).key).toBe('sales.stateUnknown');
    expect(refusal(() => transition('offer', 'draft', 'won')).key).toBe('sales.stateUnknown');
  });

  it('needs a reason to close an inquiry as lost or invalid', () => {
    expect(refusal(() => transition('inquiry', 'following', 'lost')).key).toBe('sales.reasonRequired');
    expect(refusal(() => transition('inquiry', 'new', 'invalid', { reason: '   ' })).key).toBe(
      'sales.reasonRequired',
    );
    expect(transition('inquiry', 'new', 'invalid', { reason: 'Wrong number' })).toBe('invalid');
    expect(transition('inquiry', 'quoted', 'won')).toBe('won');
  });

  it('sends a draft offer directly only when no approval is needed', () => {
    expect(refusal(() => transition('offer', 'draft', 'sent', { approvalNeeded: true })).key).toBe(
      'sales.approvalNeeded',
    );
    expect(refusal(() => transition('offer', 'draft', 'sent')).key).toBe('sales.approvalNeeded');
    expect(
      refusal(() => transition('offer', 'draft', 'pending_approval', { approvalNeeded: false })).key,
    ).toBe('sales.approvalNotNeeded');
    expect(transition('offer', 'draft', 'sent', { approvalNeeded: false })).toBe('sent');
  });

  it('lists the next states for the buttons', () => {
    expect(nextStates('resource', 'reserved').sort()).toEqual(['in_stock', 'sold']);
    expect(nextStates('inquiry', 'new').sort()).toEqual(['assigned', 'invalid']);
    expect(nextStates('offer', 'accepted')).toEqual([]);
  });
});
