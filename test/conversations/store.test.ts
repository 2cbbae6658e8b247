import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import type { NewMessage } from '../../src/conversations/ports.js';
import { writeReply } from '../../src/conversations/reply.js';
import { eraseByEmail } from '../../src/inquiries/erase.js';
import type { ReceivedInquiry } from '../../src/inquiries/ports.js';
import type { Db } from '../../src/store/db/database.js';
import { KyselyConversationStore } from '../../src/store/conversations/conversations.js';
import { KyselyInboxStore } from '../../src/store/inquiries/inbox.js';
import { inquiryRow } from '../../src/store/inquiries/rows.js';
import { onEachDialect, openMigrated, type DialectDatabase } from '../helpers/dialects.js';
import { suiteScope } from '../helpers/server.js';

// The conversation store on SQLite and on PostgreSQL: a reply and its job in one transaction with the
// inquiry's token, an answer filed (unread, told to the webhook) or left unmatched, each message's
// delivery read from its job, the matching reads, and erasure and retention leaving nothing behind.

const DAY = 86_400_000;
const T0 = Date.UTC(2026, 10, 1);

function inquiry(email: string): ReceivedInquiry {
  return { name: 'Hana', email, message: 'A house by the water.', location: 'miami', budget: '1m-3m', phase: 'unsure', language: 'en' };
}

async function addInquiry(db: Db, id: string, email: string, receivedAt = T0): Promise<void> {
  await db.kysely.insertInto('inquiries').values(inquiryRow({
    id, receivedAt, inquiry: inquiry(email), spam: false, clientIp: '127.0.0.1', userAgent: undefined, channel: 'api', clientId: undefined, fingerprint: `fp-${id}`,
  })).execute();
}

function answer(id: string, contact: string, at: number, extra: Partial<NewMessage> = {}): NewMessage {
  return {
    id, direction: 'in', at, from: contact, to: 'answers@studio.example', subject: 'Re: your house', text: 'Yes, Tuesday.',
    messageId: `<${id}@mail.example.org>`, inReplyTo: undefined, references: [], author: undefined, contact,
    attachments: [{ id: `${id}-a`, filename: 'plan.pdf', contentType: 'application/pdf', content: Buffer.from([0, 1, 2, 255]) }], ...extra,
  };
}

const channel = { from: 'studio@studio.example', inboundAddress: 'answers@studio.example' };

async function rowsLeft(db: Db): Promise<Record<string, number>> {
  const count = async (table: 'inquiry_messages' | 'message_attachments' | 'notification_jobs') =>
    Number((await db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return { messages: await count('inquiry_messages'), attachments: await count('message_attachments'), jobs: await count('notification_jobs') };
}

function storeSuite(database: DialectDatabase): void {
  const suite = suiteScope();
  let db: Db;
  let store: KyselyConversationStore;
  let inbox: KyselyInboxStore;

  before(async () => {
    db = await openMigrated(suite, database.url);
    store = new KyselyConversationStore(db);
    inbox = new KyselyInboxStore(db);
    await addInquiry(db, 'inq-1', 'Hana@Example.org');
    await addInquiry(db, 'inq-old', 'old@example.org', T0 - 400 * DAY);
  });

  it('queues a reply with its job in one transaction, giving the inquiry one token for good', async () => {
    const first = await store.queueReply('inq-1', 'a'.repeat(26), (context) => writeReply(context, channel, { id: 'r1', text: 'Hello', author: 'ana@studio.example', at: T0 + 1000 }));
    assert.equal(first?.messageId, '<reply.r1@studio.example>');
    const second = await store.queueReply('inq-1', 'b'.repeat(26), (context) => {
      assert.equal(context.token, 'a'.repeat(26), 'the token made with the first reply stays');
      assert.deepEqual(context.thread.map((m) => m.messageId), ['<reply.r1@studio.example>']);
      return writeReply(context, channel, { id: 'r2', text: 'Again', author: 'ana@studio.example', at: T0 + 2000 });
    });
    assert.equal(second?.inReplyTo, '<reply.r1@studio.example>');
    assert.equal(await store.queueReply('nope', 'c'.repeat(26), () => assert.fail('no inquiry, nothing written')), undefined);
    const jobs = await db.kysely.selectFrom('notification_jobs').selectAll().where('channel', '=', 'reply').orderBy('ref').execute();
    assert.deepEqual(jobs.map((j) => [j.id, j.event, j.status]), [['inq-1:reply:r1', 'reply', 'pending'], ['inq-1:reply:r2', 'reply', 'pending']]);
    assert.equal(JSON.parse(jobs[1]!.payload!).replyTo, `answers+r-${'a'.repeat(26)}@studio.example`);
    assert.equal(await store.inquiryOfToken('a'.repeat(26)), 'inq-1');
  });

  it('reads each outgoing message\'s state from its job: sending, sent, failed with the reason', async () => {
    await db.kysely.updateTable('notification_jobs').set({ status: 'done' }).where('id', '=', 'inq-1:reply:r1').execute();
    await db.kysely.updateTable('notification_jobs').set({ status: 'failed', last_error: 'EENVELOPE 550 at RCPT' }).where('id', '=', 'inq-1:reply:r2').execute();
    const thread = await store.thread('inq-1');
    assert.deepEqual(thread.map((m) => [m.id, m.delivery]), [
      ['r1', { status: 'done', lastError: null }], ['r2', { status: 'failed', lastError: 'EENVELOPE 550 at RCPT' }],
    ]);
  });

  it('files a matched answer: unread again, its last activity, an inquiry.replied job; an unmatched one waits', async () => {
    await db.kysely.updateTable('inquiries').set({ unread: 0 }).where('id', '=', 'inq-1').execute();
    await store.fileInbound(answer('in1', 'hana@example.org', T0 + 3000), 'inq-1', ['webhook']);
    const row = await db.kysely.selectFrom('inquiries').select(['unread', 'last_activity_at']).where('id', '=', 'inq-1').executeTakeFirstOrThrow();
    assert.deepEqual([row.unread, Number(row.last_activity_at)], [1, T0 + 3000]);
    const told = await db.kysely.selectFrom('notification_jobs').selectAll().where('id', '=', 'inq-1:webhook:in1').executeTakeFirstOrThrow();
    assert.equal(told.event, 'inquiry.replied');
    assert.equal(JSON.parse(told.payload!).attachments[0].size, 4);
    await store.fileInbound(answer('un1', 'hana@example.org', T0 + 4000), null, ['webhook']);
    await store.fileInbound(answer('un2', 'stranger@example.net', T0 - 500 * DAY), null, []);
    assert.deepEqual((await store.unmatched(10)).map((m) => m.id), ['un1', 'un2']);
    assert.equal(await store.countUnmatched(), 2);
    assert.equal(await store.inquiryOfMessageIds(['<unknown@x>', '<in1@mail.example.org>']), 'inq-1');
    assert.equal(await store.inquiryOfMessageIds(['<un1@mail.example.org>']), undefined, 'an unmatched message matches nothing');
    const attachment = await store.attachment('in1-a');
    assert.deepEqual(attachment?.content, Buffer.from([0, 1, 2, 255]));
  });

  it('files an unmatched message on an inquiry', async () => {
    assert.equal(await store.fileUnmatched('un1', 'nope', T0 + 5000, []), 'no_inquiry');
    assert.equal(await store.fileUnmatched('in1', 'inq-1', T0 + 5000, []), 'no_message', 'a matched message is not unmatched');
    await addInquiry(db, 'inq-2', 'other@example.org');
    assert.equal(await store.fileUnmatched('un1', 'inq-2', T0 + 5000, ['webhook']), 'filed');
    assert.deepEqual((await store.thread('inq-2')).map((m) => m.id), ['un1']);
    assert.ok(await db.kysely.selectFrom('notification_jobs').select('id').where('id', '=', 'inq-2:webhook:un1').executeTakeFirst());
  });

  it('erasure by address and retention leave no message, attachment or job behind', async () => {
    await store.fileInbound(answer('un3', 'hana@example.org', T0 + 6000), null, []);
    assert.equal(await eraseByEmail(inbox, 'HANA@example.org'), 1);
    assert.deepEqual((await store.unmatched(10)).map((m) => m.id), ['un2'], 'the unmatched mail of the address is gone too');
    assert.equal(await store.attachment('in1-a'), undefined);
    assert.equal(await store.attachment('un3-a'), undefined);
    await inbox.purge(T0 - 300 * DAY);
    assert.equal(await store.countUnmatched(), 0, 'unmatched mail older than the cutoff is purged');
    assert.ok(!(await inbox.find('inq-old')));
    await inbox.deleteMany(['inq-2']);
    assert.deepEqual(await rowsLeft(db), { messages: 0, attachments: 0, jobs: 0 });
  });
}

await onEachDialect((dialect) => `conversation store on ${dialect}`, 'studio_conv_store', storeSuite);
