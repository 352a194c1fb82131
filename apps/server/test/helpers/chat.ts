import { expect } from 'vitest';
import { directPaths, TOPIC_MESSAGE_SYNC, TOPIC_SEND_MESSAGE, TOPIC_SEND_MESSAGE_RESPONSE, type PatchOp } from '@shutter/contract';
import { signedUpAgent, type Agent } from './agent.js';
import { connectChannel, cookieOf, type Channel } from './channel.js';
import { follow } from './graph.js';
import type { TestApp } from './test-app.js';

export interface Person { id: string; agent: Agent; cookie: string }

export async function person(t: TestApp): Promise<Person> {
  const { agent, user } = await signedUpAgent(t.app);
  return { id: user.id, agent, cookie: cookieOf(agent) };
}

/** Two people who follow each other, and their one-to-one thread. */
export async function friendsWithThread(t: TestApp): Promise<{ alice: Person; bob: Person; threadId: string }> {
  const alice = await person(t);
  const bob = await person(t);
  await follow(t.db, alice.id, bob.id);
  await follow(t.db, bob.id, alice.id);
  const created = await alice.agent.post('/direct_v2/web/create_group_thread/', { recipient_users: JSON.stringify([bob.id]) });
  expect(created.status).toBe(200);
  return { alice, bob, threadId: created.body.thread_id as string };
}

export async function openChannel(origin: string, who: Person, open: Channel[]): Promise<Channel> {
  const channel = await connectChannel(origin, who.cookie);
  open.push(channel);
  expect(await channel.subscribe(TOPIC_MESSAGE_SYNC)).toBe(1);
  expect(await channel.subscribe(TOPIC_SEND_MESSAGE_RESPONSE)).toBe(1);
  return channel;
}

export function sendText(channel: Channel, threadId: string, text: string, clientContext: string): void {
  channel.client.publish(TOPIC_SEND_MESSAGE, JSON.stringify({ action: 'send_item', thread_id: threadId, item_type: 'text', text, client_context: clientContext }), { qos: 1 });
}

/** The items a channel was told of in one thread, in the order the events came. */
export function itemsTold(channel: Channel, threadId: string): { item_id: string; text?: string; client_context: string | null }[] {
  const prefix = directPaths.item(threadId, '');
  return channel.received
    .filter((r) => r.topic === TOPIC_MESSAGE_SYNC && r.event.event === 'patch')
    .flatMap((r) => (r.event as { data: PatchOp[] }).data)
    .filter((op) => op.op === 'add' && op.path.startsWith(prefix))
    .map((op) => op.value as { item_id: string; text?: string; client_context: string | null });
}
