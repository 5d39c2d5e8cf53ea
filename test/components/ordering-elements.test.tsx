/**
 * The H5 elements of the menu list (MENU-8): plain DOM elements that take the same string styles as
 * Taro's components, and report the scroll offset as a number.
 */
import { fireEvent, render } from '@testing-library/react';
import { Box, Label, Picture, Scroller } from '@/platform/elements.h5';

describe('H5 menu list elements', () => {
  test('a box turns its string style into the element style', () => {
    const { container } = render(<Box className="row" style="position:absolute;top:144px;left:0;right:0;height:108px" />);
    const el = container.querySelector('.row') as HTMLElement;
    expect(el.tagName).toEqual('DIV');
    expect(el.style.position).toEqual('absolute');
    expect(el.style.top).toEqual('144px');
    expect(el.style.height).toEqual('108px');
  });

  test('a label is an inline span carrying its id and click handler', () => {
    const onClick = jest.fn();
    const { container } = render(<Label id="shop-name" onClick={onClick}>Noodles</Label>);
    fireEvent.click(container.querySelector('#shop-name') as Element);
    expect(container.querySelector('#shop-name')?.tagName).toEqual('SPAN');
    expect(onClick.mock.calls.length).toEqual(1);
  });

  test('a picture loads lazily and fills its box', () => {
    const { container } = render(<Picture className="thumb" src="/a.svg" />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('loading')).toEqual('lazy');
    expect(img.className).toEqual('thumb picture--fill');
  });

  test('a picture on the first screen loads at once (not lazily), filling its box the same way', () => {
    const { container } = render(<Picture className="thumb" src="/a.svg" eager />);
    const img = container.querySelector('img') as HTMLImageElement;
    expect(img.getAttribute('loading')).toEqual(null);
    expect(img.className).toEqual('thumb picture--fill');
  });

  test('a scroller reports its scroll offset in px', () => {
    const onScroll = jest.fn();
    const { container } = render(<Scroller id="product-list" onScroll={onScroll} />);
    const el = container.querySelector('#product-list') as HTMLElement;
    el.scrollTop = 500;
    fireEvent.scroll(el);
    expect(onScroll).toHaveBeenCalledWith(500);
  });
});
