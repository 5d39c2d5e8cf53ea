import { miniProgramClient } from './client-mini';

export const client = miniProgramClient('weapp');
