export { applyCartOp, putLine, rollbackCartOp } from './apply-op';
export type { CartOp, CartOpOptions, CartOpResult } from './apply-op';
