import { useRouter } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { EmptyState } from '@/components/EmptyState';
import { backOr } from '@/components/navigation';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { AddressFormView, showSaveErrors } from '@/components/ordering/AddressFormView';
import { useAddressEdit } from '@/components/ordering/use-address-edit';
import { ask, toastError } from '@/components/ordering/feedback';
import { ErrorCode, ruleError } from '@/domain/errors';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import { formOf } from '@/stores/areas/address-edit';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';

const ADDRESS_LIST = '/pages/user/address/list';

/** user/address/update (C§2, USER-3): edit, make default or delete a saved address. */
export default observer(function UserAddressUpdatePage() {
  const boot = useShopBoot({ ordering: false });
  const { address } = useStores();
  const edit = useAddressEdit();
  const id = Number((useRouter().params as Record<string, string | undefined>).addressId);
  const current = address.list.find((a) => a.id === id);
  if (!boot || (address.loading && !current)) {
    return (
      <PageShell route="user/address/update">
        <Skeleton rows={4} />
      </PageShell>
    );
  }
  if (!current) {
    return (
      <PageShell route="user/address/update">
        <EmptyState title={t('pages.screens.user/address/update.title')} description={t('pages.screens.user/address/update.text')} actionText={t('pages.actions.back')} onAction={() => void backOr(ADDRESS_LIST)} />
      </PageShell>
    );
  }
  return (
    <PageShell route="user/address/update">
      <AddressFormView
        initial={formOf(current)}
        onSave={async (form) => {
          const res = await edit.update(id, form);
          if (!res.ok) showSaveErrors(res.errors);
          else await backOr(ADDRESS_LIST);
        }}
        onDelete={() =>
          void ask(t('pages.ordering.deleteAddressConfirm')).then(async (yes) => {
            if (!yes) return;
            if (await edit.remove(id)) await backOr(ADDRESS_LIST);
            else toastError(ruleError(ErrorCode.addressError));
          })
        }
      />
    </PageShell>
  );
});
