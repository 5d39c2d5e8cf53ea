/**
 * The bare Taro 4 + React app the menu's first row is measured against (bench/menu-render.ts,
 * `menu_floor_bare_taro_ms`): Taro's H5 runtime, React and one page, built with the project's own
 * Taro, babel and webpack settings (config/index.ts, BARE_TARO=1) and served precompressed by the
 * same server. No stores, languages, calls or app start-up of ours.
 */
import { Component, type PropsWithChildren } from 'react';
import './app.scss';

export default class App extends Component<PropsWithChildren> {
  render() {
    return this.props.children;
  }
}
