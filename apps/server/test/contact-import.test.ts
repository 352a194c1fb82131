import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_DELETE_PATH, CONTACT_FILE_MAX_BYTES, CONTACT_HISTORY_PATH, CONTACT_IMPORT_PATH, CONTACTS_PER_IMPORT_MAX } from '@shutter/contract';
import { contactHistory, contactImportAnswer } from '@shutter/contract/results';
import { Agent, signedUpAgent } from './helpers/agent.js';
import { follow } from './helpers/graph.js';
import { makeJpeg, multipart } from './helpers/media.js';
import { createTestApp, databaseKind, type TestApp } from './helpers/test-app.js';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => { await t.close(); });

type Person = Awaited<ReturnType<typeof signedUpAgent>>;
const person = () => signedUpAgent(t.app);

async function confirmEmail(p: Person) {
  await t.db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', p.user.id).execute();
}
let phoneCounter = 0;
/** Gives the person a phone number, confirmed or not; answers it as an address book might write it. */
async function givePhone(p: Person, confirmed: boolean) {
  phoneCounter += 1;
  const digits = `${(process.pid % 1000).toString().padStart(3, '0')}${String(phoneCounter).padStart(4, '0')}${Math.floor(Math.random() * 900 + 100)}`;
  await t.db.updateTable('users').set({ phone_number: `+34${digits}`, phone_confirmed_at: confirmed ? new Date() : null }).where('id', '=', p.user.id).execute();
  return `+34 ${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`;
}

const vcard = (cards: { name: string; email?: string; tel?: string; version?: '3.0' | '4.0' }[]) => cards.map((c) => [
  'BEGIN:VCARD', `VERSION:${c.version ?? '3.0'}`, `FN:${c.name}`, ...(c.email ? [`EMAIL;TYPE=INTERNET:${c.email}`] : []),
  ...(c.tel ? [c.version === '4.0' ? `TEL;VALUE=uri;TYPE=cell:tel:${c.tel.replace(/ /g, '-')}` : `TEL;TYPE=CELL:${c.tel}`] : []), 'END:VCARD',
].join('\r\n')).join('\r\n');

function upload(agent: Agent, text: string | Buffer, name = 'contacts.vcf', type = 'text/vcard') {
  const body = multipart({}, { field: 'file', name, type, data: Buffer.isBuffer(text) ? text : Buffer.from(text) });
  return agent.request('POST', CONTACT_IMPORT_PATH, { rawBuffer: body.payload, contentType: body.contentType });
}
const history = (agent: Agent) => agent.get(`${CONTACT_HISTORY_PATH}?__a=1`);
const ids = (users: { id: string }[]) => users.map((u) => u.id).sort();

describe(`importing contacts (${databaseKind})`, () => {
  it('R-001-contact-sync-1: a vCard (3 and 4) finds the people it names by confirmed email and phone, with the importer\'s relation to each', async () => {
    const [me, ann, bob, cat] = [await person(), await person(), await person(), await person()];
    await confirmEmail(ann);
    const bobPhone = await givePhone(bob, true);
    await confirmEmail(cat);
    await follow(t.db, me.user.id, cat.user.id);
    const file = vcard([
      { name: 'Ann', email: ann.user.email.toUpperCase() },
      { name: 'Bob', tel: bobPhone, version: '4.0' },
      { name: 'Cat', email: cat.user.email, version: '4.0' },
      { name: 'Nobody', email: 'nobody-here@example.net' },
      { name: 'No points' },
    ]);
    const res = await upload(me.agent, file);
    expect(res.status).toBe(200);
    expect(contactImportAnswer.safeParse(res.body).success).toBe(true);
    expect(ids(res.body.users)).toEqual(ids([ann.user, bob.user, cat.user]));
    expect(res.body.import).toMatchObject({ source: 'vcard', contact_count: 5, match_count: 3 });
    const catRow = res.body.users.find((u: { id: string }) => u.id === cat.user.id);
    expect(catRow).toMatchObject({ username: cat.user.username, followed_by_viewer: true, requested_by_viewer: false });
    expect(res.body.users.find((u: { id: string }) => u.id === ann.user.id)).toMatchObject({ followed_by_viewer: false });
  });

  it('R-001-contact-sync-1: a CSV export (Google and Outlook column names) finds the people it names', async () => {
    const [me, ann, bob, dan] = [await person(), await person(), await person(), await person()];
    await confirmEmail(ann);
    const bobPhone = await givePhone(bob, true);
    await confirmEmail(dan);
    const google = `Name,Given Name,E-mail 1 - Type,E-mail 1 - Value,Phone 1 - Type,Phone 1 - Value\nAnn A,Ann,* Home,${ann.user.email},,\nBob B,Bob,,,Mobile,${bobPhone}\n`;
    const res = await upload(me.agent, google, 'google.csv', 'text/csv');
    expect(res.status).toBe(200);
    expect(ids(res.body.users)).toEqual(ids([ann.user, bob.user]));
    expect(res.body.import).toMatchObject({ source: 'csv', contact_count: 2, match_count: 2 });
    const outlook = `\uFEFFFirst Name,Last Name,E-mail Address,Mobile Phone\r\nDan,D,"${dan.user.email}",\r\n`;
    const second = await upload(me.agent, outlook, 'outlook.csv', 'text/csv');
    expect(second.status).toBe(200);
    expect(ids(second.body.users)).toEqual([dan.user.id]);
  });

  it('matches only confirmed emails and phone numbers, and never the importer', async () => {
    const [me, ann, bob] = [await person(), await person(), await person()];
    const bobPhone = await givePhone(bob, false);
    await confirmEmail(me);
    const res = await upload(me.agent, vcard([{ name: 'Ann', email: ann.user.email }, { name: 'Bob', tel: bobPhone }, { name: 'Me', email: me.user.email }]));
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([]);
    expect(res.body.import.match_count).toBe(0);
  });

  it('leaves out people blocked either way and suspended people', async () => {
    const [me, blockedByMe, blockingMe, suspended, shown] = [await person(), await person(), await person(), await person(), await person()];
    for (const p of [blockedByMe, blockingMe, suspended, shown]) await confirmEmail(p);
    expect((await me.agent.post(`/web/friendships/${blockedByMe.user.id}/block/`)).status).toBe(200);
    expect((await blockingMe.agent.post(`/web/friendships/${me.user.id}/block/`)).status).toBe(200);
    await t.db.insertInto('account_standing').values({ user_id: suspended.user.id, suspended_at: new Date(), purge_after: new Date(Date.now() + 86_400_000) }).execute();
    const file = vcard([blockedByMe, blockingMe, suspended, shown].map((p) => ({ name: p.user.username, email: p.user.email })));
    const res = await upload(me.agent, file);
    expect(ids(res.body.users)).toEqual([shown.user.id]);
    expect(res.body.import.match_count).toBe(1);
    expect(ids((await history(me.agent)).body.users)).toEqual([shown.user.id]);
  });

  it('refuses files that are not contacts, too large or with too many contacts, keeping nothing', async () => {
    const me = await person();
    const cases: [Buffer | string, number, RegExp][] = [
      ['hello world\nthis is not a contacts file', 400, /vCard \(\.vcf\) or a CSV/],
      [await makeJpeg(64, 64), 400, /vCard \(\.vcf\) or a CSV/],
      ['BEGIN:VCARD\r\nVERSION:3.0\r\nFN broken line\r\nEND:VCARD', 400, /could not be read/],
      ['Name,Notes\nAnn,friend\n', 400, /vCard \(\.vcf\) or a CSV/],
      ['Name,Email\nAnn,not-an-email\n', 400, /No contact in this file/],
      [Buffer.alloc(CONTACT_FILE_MAX_BYTES + 10, 'a'), 413, /larger than 1 MB/],
      [`Email\n${Array.from({ length: CONTACTS_PER_IMPORT_MAX + 1 }, (_, i) => `p${i}@example.net`).join('\n')}\n`, 413, /more than 5,000 contacts/],
      [vcard(Array.from({ length: CONTACTS_PER_IMPORT_MAX + 1 }, (_, i) => ({ name: 'x', email: `v${i}@example.net` }))), 413, /more than 5,000 contacts/],
      ['', 400, /empty/],
    ];
    for (const [data, status, message] of cases) {
      const res = await upload(me.agent, data);
      expect(res.status, String(data).slice(0, 40)).toBe(status);
      expect(res.body).toMatchObject({ status: 'fail' });
      expect(res.body.message).toMatch(message);
    }
    const noFile = await me.agent.request('POST', CONTACT_IMPORT_PATH, { form: { file: 'x' } });
    expect(noFile.status).toBe(400);
    const wrongField = multipart({}, { field: 'other', name: 'a.vcf', type: 'text/vcard', data: Buffer.from(vcard([{ name: 'A', email: 'a@example.net' }])) });
    expect((await me.agent.request('POST', CONTACT_IMPORT_PATH, { rawBuffer: wrongField.payload, contentType: wrongField.contentType })).status).toBe(400);
    expect((await history(me.agent)).body.imports).toEqual([]);
    expect(await t.db.selectFrom('imported_contacts').select('value').where('user_id', '=', me.user.id).execute()).toEqual([]);
  });

  it('R-001-contact-sync-2: the history lists imports and the people found now; delete removes every contact and import', async () => {
    const [me, ann, bob] = [await person(), await person(), await person()];
    await confirmEmail(ann);
    expect((await upload(me.agent, vcard([{ name: 'Ann', email: ann.user.email }, { name: 'Bob', email: bob.user.email }]))).status).toBe(200);
    let page = await history(me.agent);
    expect(page.status).toBe(200);
    expect(contactHistory.safeParse(page.body).success).toBe(true);
    expect(page.body.imports).toHaveLength(1);
    expect(ids(page.body.users)).toEqual([ann.user.id]);
    // Bob confirms his email after the import: the stored contacts find him now.
    await confirmEmail(bob);
    page = await history(me.agent);
    expect(ids(page.body.users)).toEqual(ids([ann.user, bob.user]));
    const stored = await t.db.selectFrom('imported_contacts').select(['kind', 'value', 'name']).where('user_id', '=', me.user.id).orderBy('name').execute();
    expect(stored).toEqual([{ kind: 'email', value: ann.user.email.toLowerCase(), name: 'Ann' }, { kind: 'email', value: bob.user.email.toLowerCase(), name: 'Bob' }]);

    const gone = await me.agent.post(CONTACT_DELETE_PATH);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ status: 'ok' });
    page = await history(me.agent);
    expect(page.body).toMatchObject({ imports: [], users: [] });
    expect(await t.db.selectFrom('imported_contacts').select('value').where('user_id', '=', me.user.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('contact_imports').select('id').where('user_id', '=', me.user.id).execute()).toEqual([]);
  });

  it('another person never sees someone\'s contacts or history, and deleting theirs leaves others\' alone', async () => {
    const [me, other, ann] = [await person(), await person(), await person()];
    await confirmEmail(ann);
    await upload(me.agent, vcard([{ name: 'Ann', email: ann.user.email }]));
    const theirs = await history(other.agent);
    expect(theirs.status).toBe(200);
    expect(theirs.body).toMatchObject({ imports: [], users: [] });
    expect((await other.agent.post(CONTACT_DELETE_PATH)).status).toBe(200);
    expect((await history(me.agent)).body.imports).toHaveLength(1);
    // The person found is not told and sees nothing of it either.
    expect((await history(ann.agent)).body).toMatchObject({ imports: [], users: [] });
  });

  it('refuses visitors and requests without the CSRF token', async () => {
    const visitor = new Agent(t.app);
    const file = vcard([{ name: 'A', email: 'a@example.net' }]);
    expect((await upload(visitor, file)).status).toBe(401);
    expect((await visitor.post(CONTACT_DELETE_PATH)).status).toBe(401);
    const page = await visitor.get(`${CONTACT_HISTORY_PATH}?__a=1`);
    expect(page.status).toBe(401);
    expect(page.body).not.toHaveProperty('imports');
    const me = await person();
    expect((await me.agent.post(CONTACT_DELETE_PATH, {}, { csrf: false })).status).toBe(403);
  });
});
