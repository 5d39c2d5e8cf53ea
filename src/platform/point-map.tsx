import { useEffect, useRef } from 'react';
import { CoverView, Map, View } from '@tarojs/components';
import { isRegionEnd, regionEndCentre } from '@/components/map/point-chooser';
import { MAP_SCALE, POINT_MAP_ID, type PointMapProps } from '@/components/map/point-map-props';
import '@/components/map/point-map.scss';

export { MAP_SCALE, POINT_MAP_ID } from '@/components/map/point-map-props';
export type { PointMapProps } from '@/components/map/point-map-props';

/**
 * The host's `<map>` (mini programs only; a browser build never renders it, so no tiles load there)
 * with a pin fixed at its centre: moving the map moves the chosen point under the pin (USER-3).
 */
export function PointMap({ view, onMoved, mapCentre, moveMap }: PointMapProps) {
  const shown = useRef(view);
  useEffect(() => {
    const before = shown.current;
    shown.current = view;
    // a new view at the same numbers changes no prop, so the map would stay where it was dragged
    if (before !== view && before.lat === view.lat && before.lng === view.lng && moveMap) {
      void moveMap(POINT_MAP_ID, { latitude: view.lat, longitude: view.lng });
    }
  }, [view, moveMap]);
  const onRegionChange = (event: unknown) => {
    if (!isRegionEnd(event)) return;
    const at = regionEndCentre(event);
    if (at) {
      onMoved(at);
      return;
    }
    if (!mapCentre) return;
    void mapCentre(POINT_MAP_ID).then((res) => {
      if (res.ok) onMoved({ lat: res.value.latitude, lng: res.value.longitude });
    });
  };
  return (
    <View className="point-map">
      <Map
        id={POINT_MAP_ID}
        className="point-map__map"
        latitude={view.lat}
        longitude={view.lng}
        scale={MAP_SCALE.initial}
        minScale={MAP_SCALE.min}
        maxScale={MAP_SCALE.max}
        showLocation
        onRegionChange={onRegionChange}
        onError={() => undefined}
      >
        {/* the pin stays at the centre while the tiles move under it; cover-view draws above a native map */}
        <CoverView className="point-map__pin">
          <CoverView className="point-map__pin-head" />
          <CoverView className="point-map__pin-foot" />
        </CoverView>
      </Map>
    </View>
  );
}
