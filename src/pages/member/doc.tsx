import '@/i18n/areas/wallet';
import { observer } from 'mobx-react';
import { Transactions } from '@/components/member/Transactions';
import { BalanceRow } from '@/components/wallet/WalletParts';
import { WalletPages } from '@/components/wallet/nav';
import { t } from '@/i18n';

/**
 * member/doc (P§2, MEMBER-5): the card's balance and gift amount, then its balance movements newest
 * first — type (P§3 transaction types), shop, time, the signed change right-aligned, the gift change
 * and the balance after — with pull-down refresh and "loading more" at the end.
 */
export default observer(function MemberDocPage() {
  return (
    <Transactions
      route="member/doc"
      history="balance"
      Row={BalanceRow}
      empty={{
        title: t('wallet.doc.emptyTitle'),
        text: t('wallet.doc.emptyText'),
        action: t('wallet.doc.goRecharge'),
        url: WalletPages.recharge,
      }}
    />
  );
});
