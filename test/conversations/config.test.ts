import assert from 'node:assert/strict';
import { it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config/load.js';

// INBOUND_EMAIL_ADDRESS and INBOUND_EMAIL_SECRET: read once at start, a bad one named, the secret never echoed.

const BASE = { BASE_URL: 'https://studio.example' };

it('reads the inbound address and secret, and refuses a bad one without echoing the secret', () => {
  const config = loadConfig({ ...BASE, INBOUND_EMAIL_ADDRESS: 'answers@studio.example', INBOUND_EMAIL_SECRET: 'whsec_c2VjcmV0c2VjcmV0' });
  assert.equal(config.inboundEmailAddress, 'answers@studio.example');
  assert.equal(config.inboundEmailSecret, 'whsec_c2VjcmV0c2VjcmV0');
  assert.equal(loadConfig(BASE).inboundEmailSecret, undefined);
  assert.throws(() => loadConfig({ ...BASE, INBOUND_EMAIL_SECRET: 'hunter2-not-a-secret', INBOUND_EMAIL_ADDRESS: 'not an address' }), (error: unknown) => {
    assert.ok(error instanceof ConfigError);
    assert.match(error.message, /INBOUND_EMAIL_SECRET must be a Standard Webhooks secret: whsec_ followed by base64 \(value not shown\)/);
    assert.match(error.message, /INBOUND_EMAIL_ADDRESS/);
    assert.doesNotMatch(error.message, /hunter2/);
    return true;
  });
});
