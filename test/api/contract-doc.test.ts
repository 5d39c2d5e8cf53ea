import * as activity from '../../src/api/contract/activity';
import * as beauty from '../../src/api/contract/beauty';
import * as message from '../../src/api/contract/message';
import * as order from '../../src/api/contract/order';
import * as table from '../../src/api/contract/table';
import * as vip from '../../src/api/contract/vip';
import * as ws from '../../src/api/contract/ws';
import { compactSchema, renderApiDoc } from '../../scripts/gen-api-doc';
import * as user from '../../src/api/contract/user';

const areas = [
  { file: 'order', exports: order as Record<string, unknown> },
  { file: 'table', exports: table as Record<string, unknown> },
  { file: 'beauty', exports: beauty as Record<string, unknown> },
  { file: 'vip', exports: vip as Record<string, unknown> },
  { file: 'activity', exports: activity as Record<string, unknown> },
  { file: 'message', exports: message as Record<string, unknown> },
  { file: 'user', exports: user as Record<string, unknown> },
];
const doc = renderApiDoc(areas, ws as Record<string, unknown>, message.MESSAGE_CENTRE_BASE);

describe('docs/api.md generation', () => {
  it('lists every call of the areas with its full path', () => {
    const all = [order.orderCalls, table.tableCalls, beauty.beautyCalls, vip.vipCalls, activity.activityCalls];
    for (const calls of all) {
      for (const call of Object.values(calls)) expect(doc).toContain(`#### \`/new/consumer/${call.path}\``);
    }
  });

  it('puts the message-centre calls under their own base', () => {
    expect(doc).toContain('#### `/message/consumer/cart-sync`');
    expect(doc).toContain('#### `/message/consumer/cart-operate`');
  });

  it('says which calls need no token', () => {
    expect(doc).toMatch(/#### `\/new\/consumer\/user\/login`\n\nlogin · token not needed/);
    expect(doc).toMatch(/#### `\/new\/consumer\/order\/confirm`\n\nconfirm · token required/);
  });

  it('documents the envelope, the headers and the Idempotency-Key', () => {
    for (const text of ['"result": true', '"result": false', 'Abroad-Env', 'userAgentType', 'Idempotency-Key', '**401**', '**403**']) {
      expect(doc).toContain(text);
    }
  });

  it('includes the websocket frames', () => {
    expect(doc).toContain('### WsClientMessage');
    expect(doc).toContain('### WsServerMessage');
  });

  it('writes a shared shape once and refers to it by name', () => {
    expect(doc).toMatch(/order\/detail`\n\ndetail · token required\n\nRequest:\n```json\n.*\n```\nResponse `info`:\n```json\n\{"\$ref":"#OrderDetail"\}/);
    expect(doc.match(/^### OrderDetail$/gm)).toHaveLength(1);
  });

  it('writes request schemas as strict JSON Schema', () => {
    const schema = JSON.parse(compactSchema(order.orderCalls.detail.req, 'input')) as Record<string, unknown>;
    expect(schema).toEqual({
      type: 'object',
      properties: { id: { type: 'integer', exclusiveMinimum: 0, maximum: 2147483647 } },
      required: ['id'],
      additionalProperties: false,
    });
  });
});
