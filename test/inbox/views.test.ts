import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pino } from 'pino';
import type { Folder, Stage } from '../../src/contract/inquiry.js';
import { INBOX_PATHS } from '../../src/contract/paths.js';
import { noChannelWarning } from '../../src/inquiries/notifiers/from-config.js';
import { openDatabase, type Db } from '../../src/store/db/database.js';
import { addOperator, hiddenField, signIn, type InboxClient } from '../helpers/inbox.js';
import { startSmtpSink, type SmtpSink } from '../helpers/inquiry-peers.js';
import { postInquiry, validInquiry } from '../helpers/inquiries.js';
import { startServer, suiteScope, type TestServer } from '../helpers/server.js';

// The inbox list's views through a listening server: the folders (Inbox, Unread, Archived, Spam, All
// without spam), the stages and Mine / Unassigned with their counts, the `state` alias of old links, a
// search that looks in every folder and says where each result lives, the `back` that keeps the operator
// in the list they came from (the inquiry's back link, Mark unread), and what every page shows: the
// unread count in the navigation and the title, and the banner while no notification channel is set.
// Where an inquiry is filed, its stage and assignee are set in the database itself (the pipeline's
// actions are tested with them); the views only read them.

const OPERATOR = 'desk@harbor.example';
const COLLEAGUE = 'bo@harbor.example';
const MARKDOWN = 'text/markdown';

/** The inquiry ids a list page links to, in page order. */
function listedIds(page: string): string[] {
  return [...page.matchAll(/<a class="row-link" href="\/inbox\/inquiries\/([^"?]+)[^"]*"/g)].map((m) => decodeURIComponent(m[1]!));
}

/** The href of the row link of an inquiry, as a browser follows it. */
function rowHref(page: string, id: string): string {
  const href = new RegExp(`<a class="row-link" href="(/inbox/inquiries/${id}[^"]*)"`).exec(page)?.[1];
  assert.ok(href, `a row for ${id}`);
  return href.replaceAll('&amp;', '&');
}

/** The `<tr>` of one inquiry on a list page. */
function rowOf(page: string, id: string): string {
  const at = page.indexOf(`/inbox/inquiries/${id}`);
  assert.ok(at > 0, `a row for ${id}`);
  return page.slice(page.lastIndexOf('<tr', at), page.indexOf('</tr>', at));
}

/** The count beside a view's name. */
function countOf(page: string, name: string): number {
  const count = new RegExp(`>${name} <span class="count">(\\d+)<`).exec(page)?.[1];
  assert.ok(count !== undefined, `a count for ${name}`);
  return Number(count);
}

interface Placed { folder: Folder; unread: boolean; stage: Stage; assignee: string | null }

describe('the inbox list’s views', () => {
  const suite = suiteScope();
  let server: TestServer;
  let db: Db;
  let desk: InboxClient;
  const ids = new Map<string, string>();

  // Six inquiries, each somewhere else; "quince" is in every message, the key in one.
  const PLACES: Record<string, Placed> = {
    fresh: { folder: 'inbox', unread: true, stage: 'new', assignee: null },
    called: { folder: 'inbox', unread: false, stage: 'contacted', assignee: OPERATOR },
    offered: { folder: 'archived', unread: false, stage: 'proposal', assignee: COLLEAGUE },
    junk: { folder: 'spam', unread: true, stage: 'new', assignee: null },
    signed: { folder: 'inbox', unread: true, stage: 'won', assignee: null },
    gone: { folder: 'archived', unread: false, stage: 'lost', assignee: OPERATOR },
  };

  before(async () => {
    // No notification channel: the inbox says so on every page.
    server = await startServer(suite, { RATE_LIMIT_SCALE: '100', TRUST_PROXY: 'true' });
    await addOperator(server, OPERATOR);
    desk = await signIn(server.url, OPERATOR);
    db = openDatabase(server.config.databaseUrl, pino({ level: 'silent' }));
    let n = 0;
    for (const [key, place] of Object.entries(PLACES)) {
      n += 1;
      const sent = await postInquiry(server.url, '/api/v1/contact', validInquiry({ name: `Person ${key}`, message: `About the house, word quince, key ${key}` }), {
        headers: { 'x-forwarded-for': `198.51.100.${n}` },
      });
      assert.equal(sent.status, 200);
      const [id] = listedIds(await desk.page(`${INBOX_PATHS.list}?q=${key}`));
      assert.ok(id, key);
      ids.set(key, id);
      await db.kysely.updateTable('inquiries').set({ folder: place.folder, unread: place.unread ? 1 : 0, stage: place.stage, assignee: place.assignee })
        .where('id', '=', id).execute();
    }
  });
  after(async () => {
    await db?.close();
  });

  const keysOf = (page: string) => listedIds(page).map((id) => [...ids].find(([, value]) => value === id)?.[0]);

  it('shows each view’s rows, newest first, and every view’s count; All leaves spam out', async () => {
    const inbox = await desk.page(INBOX_PATHS.list);
    assert.deepEqual(keysOf(inbox), ['signed', 'called', 'fresh'], 'the inbox folder by default');
    assert.match(inbox, /<h1>Inbox<\/h1>/);
    assert.match(inbox, /<a href="\/inbox" aria-current="page">Inbox <span class="count">3</);
    const expected: Record<string, number> = {
      Inbox: 3, Unread: 2, Archived: 2, Spam: 1, All: 5, New: 1, Contacted: 1, Consultation: 0, Proposal: 1, Won: 1, Lost: 1, Mine: 2, Unassigned: 2,
    };
    for (const [name, count] of Object.entries(expected)) assert.equal(countOf(inbox, name), count, name);
    const views: Array<[string, string[], string]> = [
      ['?unread=true', ['signed', 'fresh'], 'Unread'],
      ['?folder=archived', ['gone', 'offered'], 'Archived'],
      ['?folder=spam', ['junk'], 'Spam'],
      ['?folder=all', ['gone', 'signed', 'offered', 'called', 'fresh'], 'All inquiries'],
      ['?stage=proposal', ['offered'], 'Stage: Proposal'],
      ['?stage=new', ['fresh'], 'Stage: New'],
      ['?assignee=me', ['gone', 'called'], 'Assigned to me'],
      ['?assignee=none', ['signed', 'fresh'], 'Unassigned'],
      ['?state=new', ['signed', 'fresh'], 'Unread'],
      ['?state=read', ['called'], 'Inbox · read'],
      ['?state=archived', ['gone', 'offered'], 'Archived'],
      ['?folder=archived&stage=lost', ['gone'], 'Stage: Lost · Archived'],
    ];
    for (const [query, keys, title] of views) {
      const page = await desk.page(`${INBOX_PATHS.list}${query}`);
      assert.deepEqual(keysOf(page), keys, query);
      assert.ok(page.includes(`<h1>${title}</h1>`), `${query}: ${title}`);
    }
    const proposal = await desk.page(`${INBOX_PATHS.list}?stage=proposal`);
    assert.match(proposal, /aria-current="page">Proposal <span class="count">1</);
    assert.match(proposal, /<caption>Stage: Proposal, 1 inquiry, newest first<\/caption>/);
  });

  it('shows each row’s stage and assignee, and where it lives in views across folders; unread rows in bold with the word', async () => {
    const all = await desk.page(`${INBOX_PATHS.list}?folder=all`);
    const called = rowOf(all, ids.get('called')!);
    assert.match(called, /<td data-label="Stage"><span class="row-stage">Contacted<\/span><br><span class="row-assignee">You<\/span><\/td>/);
    assert.doesNotMatch(called, /is-unread|Unread/);
    assert.match(rowOf(all, ids.get('offered')!), /row-stage">Proposal<\/span><br><span class="row-assignee">bo@harbor.example</);
    assert.match(rowOf(all, ids.get('offered')!), /badge-folder-archived"><span class="visually-hidden">Folder: <\/span>Archived</);
    const fresh = rowOf(all, ids.get('fresh')!);
    assert.match(fresh, /<tr class="is-unread">/);
    assert.match(fresh, /<span class="tag">Unread<\/span>/, 'a word, not only the weight');
    assert.match(fresh, /row-assignee">Unassigned</);
    assert.doesNotMatch(rowOf(await desk.page(INBOX_PATHS.list), ids.get('fresh')!), /badge-folder/, 'one folder: no badge');
    const md = await desk.page(`${INBOX_PATHS.list}?folder=all`, 200, MARKDOWN);
    assert.match(md, /^# All inquiries\n/);
    assert.match(md, /Folders: \[Inbox \(3\)\]\(\/inbox\) · \[Unread \(2\)\]\(\/inbox\?unread=true\) · \[Archived \(2\)\]\(\/inbox\?folder=archived\) · \[Spam \(1\)\]\(\/inbox\?folder=spam\) · \*\*All \(5\)\*\*/);
    assert.match(md, /People: \[Mine \(2\)\]\(\/inbox\?assignee=me\) · \[Unassigned \(2\)\]\(\/inbox\?assignee=none\)/);
    assert.match(md, /Person called\]\([^)]+\) [^|]+ \(in Inbox\) \| [^|]+ \| Contacted \| You \|/);
    assert.match(md, /Person fresh\]\([^)]+\) [^|]+ \*\*unread\*\* \(in Inbox\) \|/);
  });

  it('searches every folder whatever view it was typed in, each result with its folder; the views then narrow it', async () => {
    const archived = await desk.page(`${INBOX_PATHS.list}?folder=archived`);
    const form = /<form class="inbox-filters"[\s\S]*?<\/form>/.exec(archived)![0];
    assert.doesNotMatch(form, /name="(folder|state|stage|assignee|unread)"/, 'the search form carries no view');
    const found = await desk.page(`${INBOX_PATHS.list}?q=quince`);
    assert.deepEqual(keysOf(found).sort(), Object.keys(PLACES).sort(), 'inbox, archive and spam');
    assert.match(found, /<h1>Search results<\/h1>/);
    assert.match(found, /aria-current="page">Every folder <span class="count">6</);
    assert.match(rowOf(found, ids.get('junk')!), /badge-folder-spam"><span class="visually-hidden">Folder: <\/span>Spam</);
    assert.match(rowOf(found, ids.get('gone')!), /Folder: <\/span>Archived</);
    assert.match(rowOf(found, ids.get('fresh')!), /Folder: <\/span>Inbox</);
    assert.match(found, /<caption>Search results, 6 inquiries matching “quince”, newest first<\/caption>/);
    assert.match(found, /href="\/inbox\?folder=archived&amp;q=quince">Archived <span class="count">2</, 'a view keeps the search');
    assert.deepEqual(keysOf(await desk.page(`${INBOX_PATHS.list}?folder=archived&q=quince`)), ['gone', 'offered']);
    assert.deepEqual(keysOf(await desk.page(`${INBOX_PATHS.list}?folder=inbox&q=quince`)), ['signed', 'called', 'fresh']);
    assert.deepEqual(keysOf(await desk.page(`${INBOX_PATHS.list}?q=offered`)), ['offered'], 'an archived one found from anywhere');
  });

  it('answers a view parameter it does not know with a 400 that names it', async () => {
    const cases: Array<[string, RegExp]> = [
      ['folder=trash', /&quot;trash&quot; is not a folder: use one of inbox, archived, spam, all/],
      ['stage=maybe', /&quot;maybe&quot; is not a stage: use one of new, contacted, consultation, proposal, won, lost/],
      ['assignee=ana', /&quot;ana&quot; is not an assignee view: use me or none/],
      ['unread=yes', /&quot;yes&quot; is not a yes or no: use true or false/],
    ];
    for (const [query, message] of cases) assert.match(await desk.page(`${INBOX_PATHS.list}?${query}`, 400), message, query);
  });

  it('keeps the operator in the list: rows carry it as back, the inquiry’s back link returns there, Mark unread lands there', async () => {
    const list = `${INBOX_PATHS.list}?folder=all&location=miami`;
    const href = rowHref(await desk.page(list), ids.get('called')!);
    assert.equal(href, `/inbox/inquiries/${ids.get('called')}?back=${encodeURIComponent(list)}`);
    const page = await desk.page(href);
    assert.ok(page.includes(`<p class="inbox-back"><a href="${list.replace('&', '&amp;')}">← Back to the list</a></p>`), 'the back link');
    assert.equal(hiddenField(page, 'back'), list.replace('&', '&amp;'), 'its forms carry it');
    const unread = await desk.post(`/inbox/inquiries/${ids.get('called')}/state`, { state: 'new', back: list });
    assert.equal(unread.status, 303);
    assert.equal(unread.headers.get('location'), `${list}&done=unread`, 'the list it came from, not an empty folder');
    assert.match(await desk.page(unread.headers.get('location')!), /role="status">Marked as unread./);
    const archived = await desk.post(`/inbox/inquiries/${ids.get('called')}/state`, { state: 'archived', back: list });
    assert.equal(archived.headers.get('location'), `/inbox/inquiries/${ids.get('called')}?done=archive&back=${encodeURIComponent(list)}`, 'the inquiry, still knowing its list');
    await desk.post(`/inbox/inquiries/${ids.get('called')}/state`, { state: 'read' });
    const elsewhere = await desk.post(`/inbox/inquiries/${ids.get('called')}/state`, { state: 'new', back: 'https://evil.example/inbox' });
    assert.equal(elsewhere.headers.get('location'), '/inbox?done=unread', 'only an inbox path is followed');
    const plain = await desk.page(`/inbox/inquiries/${ids.get('called')}?back=//evil.example`);
    assert.doesNotMatch(plain, /evil\.example/);
    assert.match(plain, /<p class="inbox-back"><a href="\/inbox\?state=read">← Read<\/a><\/p>/, 'without a list, its folder (opened, so read)');
    assert.match(plain, /<title>\(2\) Person called/, 'the count after opening it');
    // Put back as it was for the tests after this one.
    await db.kysely.updateTable('inquiries').set({ folder: 'inbox', unread: 0 }).where('id', '=', ids.get('called')!).execute();
  });

  it('shows the unread count in the navigation and the title of every page', async () => {
    const list = await desk.page(INBOX_PATHS.list);
    assert.match(list, /<title>\(2\) Inbox — Inbox — /);
    assert.match(list, /<nav class="inbox-nav" aria-label="Inbox"><ul><li><a href="\/inbox" aria-current="page">Inbox <span class="nav-count">2<span class="visually-hidden"> unread<\/span><\/span><\/a><\/li>/);
    const erase = await desk.page(INBOX_PATHS.erase);
    assert.match(erase, /<title>\(2\) /);
    assert.match(erase, /<a href="\/inbox">Inbox <span class="nav-count">2</);
    await db.kysely.updateTable('inquiries').set({ unread: 1 }).where('id', '=', ids.get('called')!).execute();
    assert.match(await desk.page(INBOX_PATHS.erase), /<title>\(3\) /, 'read on each page');
    assert.match(await desk.page('/inbox/no-such-page', 404), /nav-count">3</);
    await db.kysely.updateTable('inquiries').set({ unread: 0 }).where('folder', '=', 'inbox').execute();
    const none = await desk.page(INBOX_PATHS.list);
    assert.match(none, /<title>Inbox — Inbox — /, 'nothing unread: no number');
    assert.doesNotMatch(none, /nav-count/);
  });

  it('says on every page, HTML and Markdown, that nobody is notified while no channel is set, and what to set', async () => {
    const warning = noChannelWarning();
    assert.match(warning, /SMTP_URL and INBOX_EMAIL_TO/);
    for (const path of [INBOX_PATHS.list, `/inbox/inquiries/${ids.get('fresh')}`, INBOX_PATHS.erase]) {
      const page = await desk.page(path);
      assert.ok(page.includes(`<div class="inbox-banner" role="note" aria-label="Notifications"><div class="wrap"><p><strong>Nobody is notified of new inquiries.</strong> ${warning}</p>`), path);
      assert.ok((await desk.page(path, 200, MARKDOWN)).includes('> **Nobody is notified of new inquiries.** No notification channel is configured'), `${path} as Markdown`);
    }
    const signInPage = await (await fetch(`${server.url}${INBOX_PATHS.login}`)).text();
    assert.doesNotMatch(signInPage, /inbox-banner/, 'only to the signed-in');
  });
});

describe('the inbox with a notification channel', () => {
  const suite = suiteScope();
  let smtp: SmtpSink;

  after(async () => smtp?.close());

  it('shows no banner once SMTP is configured', async () => {
    smtp = await startSmtpSink();
    const server = await startServer(suite, { SMTP_URL: smtp.url, INBOX_EMAIL_TO: 'studio@harbor.example' });
    await addOperator(server, OPERATOR);
    const desk = await signIn(server.url, OPERATOR);
    const list = await desk.page(INBOX_PATHS.list);
    assert.match(list, /<nav class="inbox-nav"/, 'the page is the signed-in list');
    assert.doesNotMatch(list, /inbox-banner|Nobody is notified/);
    assert.doesNotMatch(await desk.page(INBOX_PATHS.list, 200, MARKDOWN), /Nobody is notified/);
  });
});
