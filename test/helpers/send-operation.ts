// Sends "METHOD /path" as an agent, for the access tables (test/*/access.test.ts).
import type { Response } from 'supertest';
import type { Agent } from './accounts';

export function sendOperation({ agent, method, url, body, attach }: { agent: Agent; method: string; url: string; body?: object; attach?: () => Promise<Response> }): Promise<Response> {
  switch (method) {
    case 'GET':
      return agent.get(url);
    case 'POST':
      return attach ? attach() : agent.post(url).send(body);
    case 'PUT':
      return agent.put(url).send(body);
    case 'DELETE':
      return agent.delete(url);
    default:
      throw new Error(`unknown method ${method}`);
  }
}
