import { OFFER_STATUSES } from '@forecourt/contracts/sales';
import type { OfferView } from '@forecourt/contracts/sales';
import { bladeCalls, type CrudAction, type CrudDef } from '@/shared/crud';
import { yuan } from './money';
import { OFFER_BASE, offerAction, openOfferPdf, type OfferAction } from './api';
import './messages';

/** What the page gives the declaration: the form dialog, translation, the language of the PDF. */
export interface OfferPageHooks {
  t: (key: string, o?: Record<string, unknown>) => string;
  lang: () => string;
  /** Opens the offer form: a change of the draft, or a new version with the row's figures. */
  openForm: (row: OfferView, mode: 'edit' | 'revise') => void;
  /** Shows every version of the row's inquiry offer. */
  openVersions: (row: OfferView) => void;
}

const name = (r: OfferView) => `${r.customerName} · ${r.modelName} · v${r.version}`;

/**
 * Offers: the latest version of each inquiry, the caller's own (or their department's, or all for an
 * administrator: the server decides). The buttons of a row follow its state; the server checks every move
 * again through the same state machine.
 */
export function offerDef({ t, lang, openForm, openVersions }: OfferPageHooks): CrudDef<OfferView> {
  const move = (
    key: OfferAction,
    label: string,
    code: string,
    visible: (r: OfferView) => boolean,
    opts: { confirm?: string; danger?: boolean } = {},
  ): CrudAction<OfferView> => ({
    key,
    label,
    code,
    place: 'row',
    visible,
    danger: opts.danger,
    confirm: opts.confirm ? (rows) => t(opts.confirm!, { name: name(rows[0]!) }) : undefined,
    run: async ({ rows, reload }) => {
      await offerAction(key, rows[0]!.id);
      reload();
    },
  });
  return {
    name: 'sales-offer',
    title: 'sales.offer.title',
    perm: 'offer',
    rowName: name,
    // No submit: offers are written by the offer form (the calculator), not the engine's dialog.
    api: { ...bladeCalls<OfferView>(OFFER_BASE), submit: undefined },
    sort: { field: 'createTime', order: 'descend' },
    formWidth: 720,
    columns: [
      { prop: 'customerName', label: 'sales.offer.customerName', search: true, width: 110, form: {} },
      { prop: 'customerPhone', label: 'sales.offer.customerPhone', search: true, width: 130, form: {} },
      { prop: 'modelName', label: 'sales.offer.modelName', ellipsis: true, form: { wide: true } },
      { prop: 'vin', label: 'sales.offer.vin', width: 180, form: {} },
      {
        prop: 'version',
        label: 'sales.offer.version',
        width: 70,
        sortable: true,
        text: (r) => `v${r.version}`,
      },
      {
        prop: 'invoicePrice',
        label: 'sales.offer.invoicePrice',
        text: (r) => yuan(r.invoicePrice),
        form: {},
      },
      { prop: 'total', label: 'sales.offer.total', sortable: true, text: (r) => yuan(r.total), form: {} },
      {
        prop: 'finance',
        label: 'sales.offer.monthlyPayment',
        text: (r) => (r.finance ? `${yuan(r.finance.monthlyPayment)} × ${r.finance.termMonths}` : '—'),
      },
      {
        prop: 'dueAtSigning',
        label: 'sales.offer.dueAtSigning',
        table: false,
        text: (r) => yuan(r.dueAtSigning),
        form: {},
      },
      {
        prop: 'status',
        label: 'sales.offer.status',
        width: 100,
        search: true,
        sortable: true,
        choices: OFFER_STATUSES.map((s) => ({ value: s, label: `sales.offer.status_.${s}` })),
        form: {},
      },
      {
        prop: 'approvalNeeded',
        label: 'sales.offer.approvalNeeded',
        width: 90,
        text: (r) => t(r.approvalNeeded ? 'sales.offer.yes' : 'sales.offer.no'),
      },
      { prop: 'approvalRemark', label: 'sales.offer.approvalRemark', table: false, form: { wide: true } },
      { prop: 'validUntil', label: 'sales.offer.validUntil', width: 110, sortable: true, form: {} },
      { prop: 'ownerName', label: 'sales.offer.ownerName', width: 100, form: {} },
      { prop: 'createTime', label: 'sales.offer.createTime', width: 170, sortable: true },
    ],
    actions: [
      {
        key: 'edit',
        label: 'sales.offer.edit',
        code: 'offer_edit',
        place: 'row',
        visible: (r) => r.status === 'draft',
        run: ({ rows }) => openForm(rows[0]!, 'edit'),
      },
      {
        key: 'revise',
        label: 'sales.offer.revise',
        code: 'offer_add',
        place: 'row',
        visible: (r) => r.status !== 'draft' && r.status !== 'accepted',
        run: ({ rows }) => openForm(rows[0]!, 'revise'),
      },
      move(
        'submit-approval',
        'sales.offer.submitApproval',
        'offer_edit',
        (r) => r.status === 'draft' && r.approvalNeeded,
      ),
      move('approve', 'sales.offer.approve', 'offer_approve', (r) => r.status === 'pending_approval'),
      move('reject', 'sales.offer.reject', 'offer_approve', (r) => r.status === 'pending_approval', {
        confirm: 'sales.offer.rejectConfirm',
        danger: true,
      }),
      move(
        'send',
        'sales.offer.send',
        'offer_send',
        (r) => (r.status === 'draft' && !r.approvalNeeded) || r.status === 'approved',
        { confirm: 'sales.offer.sendConfirm' },
      ),
      move('accept', 'sales.offer.accept', 'offer_edit', (r) => r.status === 'sent', {
        confirm: 'sales.offer.acceptConfirm',
      }),
      move('decline', 'sales.offer.decline', 'offer_edit', (r) => r.status === 'sent', {
        confirm: 'sales.offer.declineConfirm',
        danger: true,
      }),
      {
        key: 'versions',
        label: 'sales.offer.versions',
        code: 'offer_view',
        place: 'row',
        visible: (r) => r.versionCount > 1,
        run: ({ rows }) => openVersions(rows[0]!),
      },
      {
        key: 'pdf',
        label: 'sales.offer.pdf',
        code: 'offer_view',
        place: 'row',
        run: ({ rows }) => openOfferPdf(rows[0]!.id, lang()),
      },
    ],
  };
}
