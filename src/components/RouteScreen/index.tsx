import { observer } from 'mobx-react';
import { t } from '@/i18n';
import type { PagesMessages } from '@locales/pages/zh-CN';
import { useStores } from '@/stores';
import { PageShell } from '../PageShell';
import { EmptyState } from '../EmptyState';
import { runAction, type ScreenAction } from '../navigation';

/** Routes (without "pages/") that have an empty-state text in locales/pages. */
export type ScreenRoute = keyof PagesMessages['screens'];

export interface RouteScreenProps {
  /** The route without "pages/"; its texts are `pages.screens.<route>`. */
  route: ScreenRoute;
  /** The next step offered by the empty state. */
  action: ScreenAction;
  tab?: boolean;
}

/**
 * A screen while it has nothing to show: its title, what it is for, and the sensible next step
 * (docs/architecture.md §22 Screens: empty states). The screen's content replaces the empty state as its data arrives.
 */
export const RouteScreen = observer(function RouteScreen({ route, action, tab }: RouteScreenProps) {
  // read so the texts follow a language change
  void useStores().session.language;
  return (
    <PageShell route={route} tab={tab}>
      <EmptyState
        title={t(`pages.screens.${route}.title` as const)}
        description={t(`pages.screens.${route}.text` as const)}
        actionText={t(`pages.actions.${action}` as const)}
        onAction={() => void runAction(action)}
      />
    </PageShell>
  );
});
