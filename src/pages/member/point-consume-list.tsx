import '@/i18n/areas/wallet';
import { observer } from 'mobx-react';
import { Transactions } from '@/components/member/Transactions';
import { PointsRow } from '@/components/wallet/WalletParts';
import { WalletPages } from '@/components/wallet/nav';
import { t } from '@/i18n';

/**
 * member/point-consume-list (P§2, MEMBER-5): the card's points, then its point movements newest first
 * (vip/pointDoc) — type, shop, time, the signed change and the points after — with pull-down refresh
 * and "loading more".
 */
export default observer(function MemberPointConsumeListPage() {
  return (
    <Transactions
      route="member/point-consume-list"
      history="points"
      Row={PointsRow}
      empty={{
        title: t('wallet.pointDoc.emptyTitle'),
        text: t('wallet.pointDoc.emptyText'),
        action: t('wallet.pointDoc.goMall'),
        url: WalletPages.pointMall,
      }}
    />
  );
});
