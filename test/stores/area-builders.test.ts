import { beautyArea } from '../../src/stores/areas/beauty';
import { entryPromptsArea } from '../../src/stores/areas/entry-prompts';
import { memberAccountArea } from '../../src/stores/areas/member-account';
import { memberWalletArea } from '../../src/stores/areas/member-wallet';
import { multiOrderArea } from '../../src/stores/areas/multi-order';
import { pointsMallArea } from '../../src/stores/areas/points-mall';
import { promotionsArea } from '../../src/stores/areas/promotions';
import { shopPickerArea } from '../../src/stores/areas/shop-picker';
import { userProfileArea } from '../../src/stores/areas/user-profile';
import type { RootStore } from '../../src/stores/root';
import { fakeRoot } from '../support/store-factories';

const builders: Array<[string, (root: RootStore) => unknown]> = [
  ['beautyArea', beautyArea],
  ['entryPromptsArea', entryPromptsArea],
  ['memberAccountArea', memberAccountArea],
  ['memberWalletArea', memberWalletArea],
  ['multiOrderArea', multiOrderArea],
  ['pointsMallArea', pointsMallArea],
  ['promotionsArea', promotionsArea],
  ['shopPickerArea', shopPickerArea],
  ['userProfileArea', userProfileArea],
];

describe.each(builders)('%s', (_name, build) => {
  it('builds one store per root, kept until the identity is forgotten', () => {
    const { root } = fakeRoot();
    const first = build(root);
    expect(build(root)).toBe(first);
    expect(build(fakeRoot().root)).not.toBe(first);
    root.forgetIdentity();
    expect(build(root)).not.toBe(first);
  });
});
