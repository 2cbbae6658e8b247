import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Ajv } from 'ajv';
import { Type } from 'typebox';
import { ApiError } from '../../src/contract/errors.js';
import { Inquiry } from '../../src/contract/inquiry.js';
import { TRIM_KEYWORD } from '../../src/contract/text-rules.js';
import { SHARED_SCHEMAS, validate, validatorOf } from '../../src/contract/validator.js';
import { validInquiry } from '../helpers/inquiries.js';

// The one validator set on its own: the x-trim keyword runs before every other rule and writes the
// trimmed value back; nothing is coerced; failures name the field and the rule the schema carries.

const refusal = (schema: Parameters<typeof validate>[0], data: unknown): ApiError => {
  try {
    validate(schema, data);
  } catch (error) {
    assert.ok(error instanceof ApiError);
    return error;
  }
  assert.fail(`accepted ${JSON.stringify(data)}`);
};

describe('the contract validator set', () => {
  it('trims before enum, lengths and patterns read the value, and writes the trimmed value back', () => {
    const body = { ...validInquiry(), name: '  Ada  ', location: ' miami\t', message: '\n  A house by the sea, please.  \n' };
    validate(Inquiry, body);
    assert.equal(body.name, 'Ada');
    assert.equal(body.location, 'miami');
    assert.equal(body.message, 'A house by the sea, please.');
    assert.equal(refusal(Inquiry, { ...validInquiry(), name: '   A   ' }).code, 'invalid_field', 'one character once trimmed');
  });

  it('trims nothing that is not a string, and coerces no type', () => {
    const schema = Type.Object({ n: Type.String({ [TRIM_KEYWORD]: true }) });
    for (const value of [42, true, null, [' a '], { a: ' b ' }]) {
      const error = refusal(schema, { n: value });
      assert.equal(error.code, 'invalid_field');
      assert.equal(error.field, 'n');
      assert.match(error.message, /rule: type/);
    }
    const untrimmed = Type.Object({ n: Type.String({ minLength: 3 }) });
    const data = { n: '  a  ' };
    validate(untrimmed, data);
    assert.equal(data.n, '  a  ', 'without the keyword the value is left as sent');
  });

  it('names the rule of a pattern in words, and answers a body that is not an object as invalid_body', () => {
    const single = refusal(Inquiry, { ...validInquiry(), phone: '305\u2028555' });
    assert.equal(single.field, 'phone');
    assert.match(single.message, /control characters \(rule: single-line\)/);
    const multi = refusal(Inquiry, { ...validInquiry(), message: 'A long enough message \u0007 here.' });
    assert.match(multi.message, /rule: no-control-characters/);
    assert.match(multi.hint, /line breaks and tabs are fine/);
    for (const body of [null, [], 'text', 7, undefined]) assert.equal(refusal(Inquiry, body).code, 'invalid_body', String(body));
    assert.equal(refusal(Inquiry, {}).code, 'missing_field');
  });

  it('holds schemas the JSON Schema meta-schema accepts (the set itself does not check them at start)', () => {
    const meta = new Ajv({ strict: false });
    for (const schema of SHARED_SCHEMAS) assert.equal(meta.validateSchema(schema), true, `${JSON.stringify(schema).slice(0, 60)}: ${meta.errorsText()}`);
    assert.equal(meta.validateSchema(Type.String({ minLength: 'one' as unknown as number })), false, 'the check can fail');
  });

  it('compiles one schema object once', () => {
    assert.equal(validatorOf(Inquiry), validatorOf(Inquiry));
  });
});
