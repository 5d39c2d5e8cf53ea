import { useEffect, useRef, useState } from 'react';
import Taro, { useDidHide, useDidShow } from '@tarojs/taro';
import { observer } from 'mobx-react';
import { t } from '@/i18n';
import { useStores } from '@/stores';
import type { RootStore } from '@/stores/root';
import { entryPromptsArea, type EntryPrompt } from '@/stores/areas/entry-prompts';
import { openRoute, routePath } from '../navigation';

/** Where confirming each prompt leads (P§2: first charge → member center). */
const TARGET: Record<EntryPrompt['kind'], string> = {
  firstCharge: '/pages/member/index',
  chargePresent: '/pages/user/coupon/list',
  newcomer: '/pages/member/register',
};

const names = (list: Array<{ name?: string }>) => list.map((c) => c.name ?? '').filter(Boolean).join('、');

/** The dialog of a prompt in the customer's language. */
function dialogOf(p: EntryPrompt): { title: string; content: string; confirmText: string } {
  if (p.kind === 'firstCharge') return { title: t('pages.prompts.firstChargeTitle'), content: p.slogan, confirmText: t('pages.prompts.firstChargeConfirm') };
  if (p.kind === 'newcomer') {
    return { title: t('pages.prompts.newcomerTitle'), content: t('pages.prompts.newcomerText', { coupons: names(p.coupons) }), confirmText: t('pages.prompts.newcomerConfirm') };
  }
  return {
    title: t('pages.prompts.chargePresentTitle'),
    content: t('pages.prompts.chargePresentText', { coupons: names(p.coupons) }),
    confirmText: t('pages.prompts.chargePresentConfirm'),
  };
}

/** One prompt on screen at a time, whichever tab asked first. */
let showing = false;

async function showDuePrompt(root: RootStore, onScreen: () => boolean): Promise<void> {
  if (showing) return;
  showing = true;
  try {
    const store = entryPromptsArea(root);
    const prompt = await store.next();
    // the customer may have left the tab while the prompt was asked for: it waits for the next visit
    if (!prompt || !onScreen()) return;
    store.markShown(prompt);
    const confirmed = await root.platform.ui.modal({ ...dialogOf(prompt), cancelText: t('pages.prompts.later'), showCancel: true });
    if (confirmed) await openRoute(TARGET[prompt.kind]);
  } finally {
    showing = false;
  }
}

/**
 * The prompts on entering the shop (P§2, C§4 "Other", MEMBER-8): first charge, member charge-present
 * coupons, newcomer coupons — each once (their flags), at most one per appearance of a tab. Mounted
 * by the home and ordering tabs; the rules are the domain's, the calls the small prompt store's.
 */
export const EntryPrompts = observer(function EntryPrompts() {
  const root = useStores();
  // only while the tab is the page on screen: a dialog opened under another page would be lost
  const [visible, setVisible] = useState(true);
  const shown = useRef(true);
  // the tab's own route: the dialog opens only while it is the top of the page stack (a page opened
  // over the tab by a link or a typed address does not always hide the tab first)
  const ownRoute = useRef(routePath(Taro.getCurrentInstance().router?.path));
  const onScreen = useRef(() => {
    if (!shown.current) return false;
    if (ownRoute.current === '') return true;
    const pages = Taro.getCurrentPages();
    return pages.length === 0 || routePath(pages[pages.length - 1].route) === ownRoute.current;
  });
  useDidShow(() => {
    shown.current = true;
    setVisible(true);
  });
  useDidHide(() => {
    shown.current = false;
    setVisible(false);
  });
  useEffect(
    () => () => {
      shown.current = false;
    },
    [],
  );
  const ready = visible && root.member.loaded && root.promotion.loaded && root.shop.shopId !== null;
  const vip = root.member.vipInfo;
  useEffect(() => {
    if (ready) void showDuePrompt(root, onScreen.current).catch(() => undefined);
  }, [ready, root, vip]);
  return null;
});
