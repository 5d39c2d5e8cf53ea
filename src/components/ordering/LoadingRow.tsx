import { Box } from './elements';

/** A product row still loading: a grey picture and two grey lines (UI.md skeletons, MENU-8). */
export function LoadingRow({ style }: { style: string }) {
  return (
    <Box className="product-row product-row--loading" style={style}>
      <Box className="product-row__thumb skeleton-block" />
      <Box className="product-row__main">
        <Box className="skeleton-line" />
        <Box className="skeleton-line skeleton-line--short" />
      </Box>
    </Box>
  );
}
