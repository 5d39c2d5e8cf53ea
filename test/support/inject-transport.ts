/** A request-layer transport that hands every call to a test server in-process (app.inject). */
import type { Transport, TransportRequest, TransportResponse } from '../../src/api/request';
import type { TestServer } from './build-server';

export class InjectTransport implements Transport {
  constructor(private readonly server: Pick<TestServer, 'app'>) {}

  async send(request: TransportRequest): Promise<TransportResponse> {
    const res = await this.server.app.inject({
      method: 'POST',
      url: request.url,
      headers: request.headers,
      payload: JSON.stringify(request.data),
    });
    return { statusCode: res.statusCode, data: res.body === '' ? '' : (JSON.parse(res.body) as unknown) };
  }
}
