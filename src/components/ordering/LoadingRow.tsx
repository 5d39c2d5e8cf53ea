import { Box } from '@/platform/elements';

/** A product row still loading: a grey picture and two grey lines (docs/architecture.md §22 Screens: skeletons, MENU-8). */
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
