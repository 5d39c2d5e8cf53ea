import { useEffect, useMemo, useReducer, useState } from 'react';
import { View, Text, Input } from '@tarojs/components';
import { observer } from 'mobx-react';
import { PageShell } from '@/components/PageShell';
import { PointMap } from '@/platform/point-map';
import {
  chooserReducer,
  confirmPoint,
  gpsText,
  initialChooserState,
  matchPoints,
  nearbyPoints,
  type NearbyPoint,
} from '@/components/map/point-chooser';
import { setPickedPoint } from '@/components/ordering/point-pick';
import { ErrorCode, ruleError } from '@/domain/errors';
import type { RuleError } from '@/domain/errors';
import type { GpsPoint } from '@/domain/types';
import { parseGps } from '@/domain/validation';
import { errorMessage, t } from '@/i18n';
import { useStores } from '@/stores';
import { locateOnMap } from '@/stores/geo';
import { LOCATION_REFRESH_MS } from '@/domain/interaction';
import '@/components/ordering/ordering.scss';
import '@/components/ordering/ordering-pages.scss';

const distanceLabel = (m: number): string =>
  m < 1000 ? t('pages.pointChooser.metres', { m }) : t('pages.pointChooser.kilometres', { km: (m / 1000).toFixed(1) });

const same = (a: GpsPoint | null, b: GpsPoint | null): boolean => !!a && !!b && a.lat === b.lat && a.lng === b.lng;

/**
 * user/address/poi (C§2, USER-3): choosing the delivery point for the address form. On the mini
 * programs a map centred on the device position with a fixed pin (moving the map moves the point),
 * plus the host's own place search; in a browser the position is located or typed, without map tiles.
 * Both offer the nearby places the app knows (the device position, the shop, the saved addresses) and
 * a search box that filters them and names the pin.
 */
export default observer(function UserAddressPoiPage() {
  const { address, shop, platform, api } = useStores();
  const location = platform.location;
  const [state, dispatch] = useReducer(chooserReducer, initialChooserState);
  // the browser's typed "lat,lng", kept as typed while it is not yet a position
  const [gpsInput, setGpsInput] = useState('');
  const current = shop.shop;
  const shopAt = parseGps(current?.gpsAddress);

  const fail = (error: RuleError) => platform.ui.toast(errorMessage(error));

  const locate = async (recentre: boolean) => {
    dispatch({ type: 'locating' });
    // USER-6: a browser's WGS-84 position is converted to the map system of the shop and saved addresses
    const res = await locateOnMap(location, api.delivery);
    const at = res.ok ? parseGps({ lat: res.value.latitude, lng: res.value.longitude }) : null;
    dispatch({ type: 'located', at, recentre, fallback: shopAt });
    // C§8 "Cant get location, please open and auth"
    if (!at && recentre) fail(ruleError(ErrorCode.locationUnavailable));
  };

  useEffect(() => {
    // the map needs a centre: the device position, asked as the page opens and then every 30 s
    // (C§9) for the "my location" place, without moving the map the customer may have dragged
    if (!location.mapTiles) return undefined;
    void locate(false);
    const timer = setInterval(() => void locate(false), LOCATION_REFRESH_MS);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    // a located or chosen point shows in the typed field; a half-typed value is left alone
    if (state.centre && !same(parseGps(gpsInput), state.centre)) setGpsInput(gpsText(state.centre));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state.centre]);

  const all = useMemo(
    () =>
      nearbyPoints(
        {
          located: state.located,
          shop: current ? { name: current.name, address: current.address ?? '', gpsAddress: current.gpsAddress } : null,
          saved: address.list,
        },
        state.centre,
      ),
    [state.located, state.centre, current, address.list],
  );
  const matched = useMemo(() => matchPoints(all, state.query), [all, state.query]);
  // a name that matches nothing is the name of the pin: the places stay listed under a note
  const noMatch = state.query.trim() !== '' && matched.length === 0;
  const nearby = noMatch ? all : matched;

  const finish = (picked: ReturnType<typeof confirmPoint>) => {
    if (!picked.ok) {
      fail(picked.error);
      return;
    }
    setPickedPoint(picked.point);
    void platform.ui.navigateBack();
  };

  const searchOnHost = async () => {
    if (!location.choosePlace) return;
    const near = state.centre ? { latitude: state.centre.lat, longitude: state.centre.lng, coordType: 'gcj02' as const } : null;
    const res = await location.choosePlace(near);
    if (!res.ok) {
      if (!res.cancelled) fail(ruleError(res.code));
      return;
    }
    const at = parseGps({ lat: res.value.latitude, lng: res.value.longitude });
    if (!at) {
      fail(ruleError(ErrorCode.addressNoGps));
      return;
    }
    // the host's chooser is a whole choice: its place goes straight back to the form
    setPickedPoint({ address: res.value.address, name: res.value.name, addressGps: gpsText(at) });
    void platform.ui.navigateBack();
  };

  const itemTitle = (p: NearbyPoint) => (p.source === 'located' ? t('pages.pointChooser.myLocation') : p.name || p.address);
  const itemText = (p: NearbyPoint) => (p.source === 'shop' ? p.address : '');

  return (
    <PageShell route="user/address/poi">
      <View className="card point-chooser__search">
        <View className="form-row">
          <Text className="form-row__label">{t('pages.ordering.place')}</Text>
          <Input
            id="poi-name"
            className="form-row__input"
            value={state.query}
            placeholder={t('pages.pointChooser.searchPlaceholder')}
            onInput={(e) => dispatch({ type: 'query', text: e.detail.value })}
          />
        </View>
        {location.mapTiles ? null : (
          <View className="form-row">
            <Text className="form-row__label">{t('pages.ordering.gps')}</Text>
            <Input
              id="poi-gps"
              className="form-row__input"
              value={gpsInput}
              placeholder={t('pages.ordering.gpsPlaceholder')}
              onInput={(e) => {
                setGpsInput(e.detail.value);
                dispatch({ type: 'centre', at: parseGps(e.detail.value.trim()) });
              }}
            />
          </View>
        )}
        <View className="form-row form-row--actions">
          <View className="ghost-button" id="poi-locate" onClick={() => void locate(true)}>
            <Text>{t('pages.ordering.useLocation')}</Text>
          </View>
          {location.choosePlace ? (
            <View className="ghost-button" id="poi-host-search" onClick={() => void searchOnHost()}>
              <Text>{t('pages.pointChooser.hostSearch')}</Text>
            </View>
          ) : null}
        </View>
      </View>

      {state.locating === 'pending' ? <Text className="muted point-chooser__hint">{t('pages.pointChooser.locating')}</Text> : null}
      {state.locating === 'failed' ? (
        <View id="poi-no-gps">
          <Text className="point-chooser__warn">{errorMessage(ruleError(ErrorCode.locationUnavailable))}</Text>
          <Text className="muted point-chooser__hint">{t('pages.pointChooser.noGpsHint')}</Text>
        </View>
      ) : null}

      {location.mapTiles && state.view ? (
        <>
          <PointMap
            view={state.view}
            onMoved={(at) => dispatch({ type: 'centre', at })}
            mapCentre={location.mapCentre}
            moveMap={location.moveMap}
          />
          <Text className="muted point-chooser__hint">{t('pages.pointChooser.moveHint')}</Text>
          {state.centre ? (
            <Text className="muted point-chooser__hint" id="poi-pin">
              {`${t('pages.pointChooser.pin')} ${gpsText(state.centre)}`}
            </Text>
          ) : null}
        </>
      ) : null}

      <View className="card option-list" id="poi-nearby">
        <Text className="card__title">{t('pages.ordering.nearby')}</Text>
        {noMatch ? <Text className="muted">{t('pages.pointChooser.noMatch')}</Text> : null}
        {all.length === 0 ? <Text className="muted">{t('pages.screens.user/address/poi.text')}</Text> : null}
        {nearby.map((p) => (
          <View
            key={p.key}
            id={`poi-item-${p.key}`}
            className={`option-list__item${state.selected?.key === p.key ? ' option-list__item--on' : ''}`}
            onClick={() => dispatch({ type: 'select', point: p })}
          >
            <View className="point-chooser__item-text">
              <Text className="point-chooser__item-name">{itemTitle(p)}</Text>
              {itemText(p) ? <Text className="muted">{itemText(p)}</Text> : null}
            </View>
            {p.distanceM !== null ? <Text className="option-list__side">{distanceLabel(p.distanceM)}</Text> : null}
          </View>
        ))}
      </View>

      <View className="primary-button" id="poi-confirm" onClick={() => finish(confirmPoint(state))}>
        <Text>{t('pages.pointChooser.confirmPoint')}</Text>
      </View>
    </PageShell>
  );
});
