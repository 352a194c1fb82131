import type { MediaNode } from '@shutter/contract';
import { expect } from 'vitest';
import type { Agent, signedUpAgent } from './agent.js';

/** Reading posts and renaming people, for the tests of what the summaries cache shows. */
export type Person = Awaited<ReturnType<typeof signedUpAgent>>;

export const pageOf = async (agent: Agent, shortcode: string) => {
  const res = await agent.get(`/p/${shortcode}/?__a=1`);
  return { status: res.status, media: res.body?.graphql?.shortcode_media as MediaNode | undefined };
};
export const seen = async (agent: Agent, shortcode: string) => (await pageOf(agent, shortcode)).media!;

export async function rename(person: Person, username: string, fullName?: string) {
  const form = (await person.agent.get('/accounts/edit/?__a=1')).body.form_data;
  const res = await person.agent.post('/accounts/edit/', { ...form, username, first_name: fullName ?? form.first_name ?? '' });
  expect(res.status).toBe(200);
}

