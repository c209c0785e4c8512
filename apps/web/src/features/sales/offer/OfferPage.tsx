import { Suspense, lazy, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OfferView } from '@forecourt/contracts/sales';
import { useSession } from '@/shared/auth/store';
import { CrudTable } from '@/shared/crud';
import { offerDef } from './offerDef';
import './messages';
import { toast } from '@/shared/http';

// The offer form (its calculator, dates, number inputs) and the versions dialog load when first opened.
const OfferForm = lazy(() => import('./OfferForm').then((m) => ({ default: m.OfferForm })));
const VersionsDialog = lazy(() => import('./VersionsDialog').then((m) => ({ default: m.VersionsDialog })));

/**
 * Offers: the declared list (latest version of each inquiry, filters, export, row buttons by state) and
 * the offer form with the live calculator for a new offer, a draft's change or a revision.
 */
export default function OfferPage() {
  const { t, i18n } = useTranslation();
  const permission = useSession((s) => s.permission);
  const qc = useQueryClient();
  const [form, setForm] = useState<{ mode: 'add' | 'edit' | 'revise'; base?: OfferView } | null>(null);
  const [versionsOf, setVersionsOf] = useState<string | null>(null);
  const def = useMemo(
    () =>
      offerDef({
        t: (k, o) => i18n.t(k, o),
        lang: () => i18n.language,
        openForm: (base, mode) => setForm({ base, mode }),
        openVersions: (row) => setVersionsOf(row.id),
      }),
    [i18n],
  );
  return (
    <>
      <CrudTable
        def={def}
        extraToolbar={
          permission.offer_add ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ mode: 'add' })}>
              {t('sales.offer.add')}
            </Button>
          ) : undefined
        }
      />
      <Suspense>
        {versionsOf && <VersionsDialog offerId={versionsOf} onClose={() => setVersionsOf(null)} />}
        {form && (
          <OfferForm
            mode={form.mode}
            base={form.base}
            onClose={() => setForm(null)}
            onSaved={(saved) => {
              setForm(null);
              if (saved.approvalNeeded) toast.info(t('sales.offer.needsApproval'));
              else toast.success(t('sales.offer.done'));
              void qc.invalidateQueries({ queryKey: ['crud', def.name] });
            }}
          />
        )}
      </Suspense>
    </>
  );
}
