import type { ReactNode } from 'react';
import Taro from '@tarojs/taro';
import { observer } from 'mobx-react';
import { ErrorCode } from '@/domain/errors';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import { EmptyState } from '@/components/EmptyState';
import { ROW_HEIGHT } from './layout';
import { Box } from '@/platform/elements';
import { LoadingRow } from './LoadingRow';
import type { BootResult } from '@/stores/boot';

export interface OrderingGateProps {
  boot: BootResult | null;
  tab?: boolean;
  /** The screen reading the menu, cart or order: rendered once those stores exist. */
  children: () => ReactNode;
}

/** The grey rows of a menu still loading (docs/architecture.md §22 Screens: skeletons, MENU-8). */
export function RowsPlaceholder() {
  return (
    <Box className="rows-placeholder">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <LoadingRow key={i} style={`height:${ROW_HEIGHT}px`} />
      ))}
    </Box>
  );
}

/** C§8 framework codes of a connection that never answered. */
const TIMED_OUT: ReadonlySet<string> = new Set([ErrorCode.requestTimeout, ErrorCode.networkError]);

/** Starts the page on screen again (its boot runs anew). */
function reloadPage(): void {
  const path = Taro.getCurrentInstance().router?.path;
  void Taro.reLaunch({ url: path ? `/${path.replace(/^\//, '')}` : '/pages/index/index' });
}

/**
 * The shop or its menu could not be loaded: say so and offer another shop. A connection that timed
 * out says so in C§8's words, and a tap anywhere tries again.
 */
export function ShopLoadFailed({ code }: { code?: string }) {
  if (code !== undefined && TIMED_OUT.has(code)) {
    return (
      <Box className="load-timed-out" id="load-timed-out" onClick={reloadPage}>
        <EmptyState title={t('pages.ordering.loadFailed')} description={errorMessage(ErrorCode.connectionTimedOut)} />
      </Box>
    );
  }
  return (
    <EmptyState
      title={t('pages.ordering.loadFailed')}
      description={errorMessage(ErrorCode.getShopDataFailed)}
      actionText={t('pages.actions.chooseShop')}
      onAction={() => void Taro.navigateTo({ url: '/pages/store/list' })}
    />
  );
}

/**
 * Holds an ordering screen back until the ordering stores exist (on H5 their chunk loads alongside
 * the login and the shop calls, APP-4): until then the grey rows of the first load
 * (docs/architecture.md §22 Screens, MENU-8), or the load failure when the boot failed before them.
 */
export const OrderingGate = observer(function OrderingGate({ boot, tab, children }: OrderingGateProps) {
  const { orderingReady } = useStores();
  if (orderingReady) return <>{children()}</>;
  if (boot && !boot.ok) return <ShopLoadFailed code={boot.code} />;
  return (
    <Box className={`ordering${tab ? ' ordering--tab' : ''}`}>
      <RowsPlaceholder />
    </Box>
  );
});
