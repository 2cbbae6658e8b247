import assert from 'node:assert/strict';
import { it } from 'node:test';
import { rawMessage } from '../helpers/inbound-mail.js';
import { addOperator, signIn, studioWithInput } from '../helpers/inbox.js';
import { openStore, postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer } from '../helpers/server.js';

// `studio inbox receive < message.eml` files a message as POST /inbound/email does, without a signature.

it('files a piped message as unmatched mail, and says where; refuses one that is not a message', async (t) => {
  const server = await startServer(t, {});
  await addOperator(server, 'ana@studio.example');
  const piped = await studioWithInput(server, rawMessage({ to: 'answers@studio.example', subject: 'From the pipe', text: 'Piped answer, word quokka.' }), 'inbox', 'receive');
  assert.equal(piped.code, 0, piped.stderr);
  assert.match(piped.stdout, /^Filed message [0-9a-f-]+ as unmatched mail: file it on its inquiry at \/inbox\/unmatched\.\n$/);
  const desk = await signIn(server.url, 'ana@studio.example');
  assert.match(await desk.page('/inbox/unmatched'), /Piped answer, word quokka\./);
  const refused = await studioWithInput(server, 'not a message', 'inbox', 'receive');
  assert.equal(refused.code, 1);
  assert.match(refused.stderr, /^Not filed: the message has no blank line between its headers and its body\.\n$/);
});

it('files a piped answer on its inquiry by In-Reply-To', async (t) => {
  const server = await startServer(t, {});
  assert.equal((await postInquiry(server.url, '/api/v1/contact', validInquiry())).status, 200);
  const db = openStore(server.config.databaseUrl);
  t.after(() => db.close());
  const { id } = await db.kysely.selectFrom('inquiries').select('id').executeTakeFirstOrThrow();
  await db.kysely.insertInto('inquiry_messages').values({
    id: 'out-1', inquiry_id: id, direction: 'out', at: Date.now(), from_address: 'studio@studio.example', to_address: 'ada@example.com',
    subject: 'Re: your inquiry', text: 'Hello', message_id: '<reply.out-1@studio.example>', in_reply_to: null, reference_ids: '', author: 'ana@studio.example', contact: 'ada@example.com',
  }).execute();
  const piped = await studioWithInput(server, rawMessage({ from: 'ada@example.com', to: 'studio@studio.example', inReplyTo: '<reply.out-1@studio.example>', text: 'Thanks!' }), 'inbox', 'receive');
  assert.equal(piped.code, 0, piped.stderr);
  assert.match(piped.stdout, new RegExp(`on inquiry ${id} \\(matched by In-Reply-To/References\\); the inquiry is unread\\.`));
});
