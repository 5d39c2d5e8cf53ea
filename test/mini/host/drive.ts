/**
 * Driving a launched app the way the view layer does: find a node in the page's recorded data and
 * send it the event the view layer would (tap, input) through the page's `eh`.
 */
import type { MiniHost } from './host';
import { findClass, findText, rootOf, tapTarget, textOf, walk, type TaroNode } from './tree';

export function pageText(host: MiniHost): string {
  return textOf(rootOf(host.currentPage.data));
}

/** Taps the element holding `text` (the first match, or the `index`-th). */
export async function tapText(host: MiniHost, text: string | RegExp, index = 0): Promise<void> {
  const found = await host.until(() => {
    const f = findText(rootOf(host.currentPage.data), text);
    return f.length > index ? f : null;
  }, `text ${String(text)}`);
  const f = found[index];
  const target = tapTarget(f);
  const above = f.ancestors.slice(0, f.ancestors.indexOf(target)).filter((a) => a.uid || a.sid).reverse();
  host.dispatch(target, 'tap', {}, above);
  await host.settle();
}

/** Taps the first element with class `cls`. */
export async function tapClass(host: MiniHost, cls: string, index = 0): Promise<TaroNode> {
  const nodes = await host.until(() => {
    const n = findClass(rootOf(host.currentPage.data), cls);
    return n.length > index ? n : null;
  }, `class ${cls}`);
  host.dispatch(nodes[index], 'tap', {}, ancestorsOf(host, nodes[index]));
  await host.settle();
  return nodes[index];
}

/** Input elements (by their base template) whose props mention `hint` (placeholder, value, name). */
export function findInputs(host: MiniHost, hint?: string | RegExp): TaroNode[] {
  const out: TaroNode[] = [];
  walk(rootOf(host.currentPage.data), (n) => {
    if (host.templates.get(String(n.nn))?.tag !== 'input') return;
    if (!hint) return void out.push(n);
    const props = Object.values(n).filter((v): v is string => typeof v === 'string');
    if (props.some((v) => (typeof hint === 'string' ? v.includes(hint) : hint.test(v)))) out.push(n);
  });
  return out;
}

/** Types into the input whose props mention `hint`. */
export async function typeInto(host: MiniHost, hint: string | RegExp, value: string): Promise<void> {
  const nodes = await host.until(() => {
    const n = findInputs(host, hint);
    return n.length > 0 ? n : null;
  }, `input ${String(hint)}`);
  await input(host, nodes[0], value);
}

/** Types into an input element (the `input` event with `detail.value`). */
export async function input(host: MiniHost, node: TaroNode, value: string): Promise<void> {
  host.dispatch(node, 'input', { value, cursor: value.length, keyCode: 0 });
  await host.settle();
}

export async function waitRoute(host: MiniHost, route: string): Promise<void> {
  await host.until(() => host.currentRoute === route, `route ${route} (at ${host.currentRoute})`);
}

export async function waitText(host: MiniHost, text: string | RegExp): Promise<void> {
  await host.until(() => (typeof text === 'string' ? pageText(host).includes(text) : text.test(pageText(host))), `text ${String(text)}`);
}

/** The element ancestors of `node`, nearest first (the path a bubbling event takes). */
export function ancestorsOf(host: MiniHost, node: TaroNode): TaroNode[] {
  let out: TaroNode[] = [];
  walk(rootOf(host.currentPage.data), (n, anc) => {
    if (n === node) out = anc.filter((a) => a.uid || a.sid).reverse();
  });
  return out;
}

/** Taps the last element holding exactly `text` (a key of an on-screen keypad drawn over the page). */
export async function tapLast(host: MiniHost, text: string): Promise<void> {
  const exact = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const found = await host.until(() => {
    const f = findText(rootOf(host.currentPage.data), exact);
    return f.length > 0 ? f : null;
  }, `text ${text}`);
  const f = found[found.length - 1];
  const target = tapTarget(f);
  const above = f.ancestors.slice(0, f.ancestors.indexOf(target)).filter((a) => a.uid || a.sid).reverse();
  host.dispatch(target, 'tap', {}, above);
  await host.settle();
}
