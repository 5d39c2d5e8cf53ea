import Taro, { useRouter } from '@tarojs/taro';
import { backOr } from '@/components/navigation';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { Skeleton } from '@/components/Skeleton';
import { useShopBoot } from '@/components/ordering/boot';
import { AddressFormView, showSaveErrors } from '@/components/ordering/AddressFormView';
import { useAddressEdit } from '@/components/ordering/use-address-edit';
import { Gender } from '@/domain/enums';
import { useStores } from '@/stores';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';

const ADDRESS_LIST = '/pages/user/address/list';

/** user/address/add (C§2, USER-3): a new delivery address; from the confirm page it becomes the chosen one. */
export default observer(function UserAddressAddPage() {
  const boot = useShopBoot({ ordering: false });
  const { address } = useStores();
  const edit = useAddressEdit();
  const selecting = (useRouter().params as Record<string, string | undefined>).select === '1';
  return (
    <PageShell route="user/address/add">
      {!boot ? (
        <Skeleton rows={4} />
      ) : (
        <AddressFormView
          initial={{ name: '', phone: '', gender: Gender.unknown, address: '', addressGps: '', houseNumber: '', isDefault: address.list.length === 0 }}
          onSave={async (form) => {
            const res = await edit.add(form);
            if (!res.ok) {
              showSaveErrors(res.errors);
              return;
            }
            if (selecting) await address.select(res.address.id);
            // back to the list (or, when choosing, past it to the confirm page)
            if (selecting && Taro.getCurrentPages().length > 2) await Taro.navigateBack({ delta: 2 });
            else await backOr(ADDRESS_LIST);
          }}
        />
      )}
    </PageShell>
  );
});
