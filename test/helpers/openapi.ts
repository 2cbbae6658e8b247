import assert from 'node:assert/strict';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { documentedResponse, findOperation } from './openapi-conformance.js';

type Json = Record<string, any>;

/**
 * The service's own /openapi.json, validated as OpenAPI 3.1, and a checker that holds every response
 * a test sees to what the document promises: the status is documented, the documented headers are
 * there, and a JSON body matches the schema.
 */
export class OpenApiContract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });

  private constructor(readonly document: Json) {
    addFormats.default(this.ajv);
    this.ajv.addSchema({ $id: 'openapi', components: document.components ?? {} });
  }

  static async fetch(baseUrl: string): Promise<OpenApiContract> {
    const response = await fetch(`${baseUrl}/openapi.json`);
    assert.equal(response.status, 200);
    const document = await response.json() as Json;
    const result = await new Validator().validate(structuredClone(document));
    assert.ok(result.valid, `openapi.json is not valid OpenAPI: ${JSON.stringify(result.errors, null, 2)}`);
    assert.equal(document.openapi, '3.1.0');
    return new OpenApiContract(document);
  }

  operation(method: string, path: string): Json | undefined {
    return findOperation(this.document, method, path);
  }

  /** Asserts that a response matches the document; returns the parsed JSON body, if any. */
  async check(method: string, url: string, response: Response): Promise<unknown> {
    const path = new URL(url).pathname;
    const operation = this.operation(method, path);
    assert.ok(operation, `${method} ${path} is not in openapi.json`);
    const documented = documentedResponse(operation, response.status);
    assert.ok(documented, `${method} ${path} answered ${response.status}, which openapi.json does not document`);
    for (const header of Object.keys(documented.headers ?? {})) {
      assert.ok(response.headers.has(header), `${method} ${path} ${response.status} lacks documented header ${header}`);
    }
    const text = await response.text();
    const schema = documented.content?.['application/json']?.schema;
    if (!schema || text === '') return undefined;
    const body = JSON.parse(text) as unknown;
    const validate = this.ajv.compile(rewriteRefs(schema) as object);
    assert.ok(validate(body), `${method} ${path} ${response.status} body does not match openapi.json: ${this.ajv.errorsText(validate.errors)}`);
    return body;
  }
}

function rewriteRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rewriteRefs);
  if (!schema || typeof schema !== 'object') return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, value]) =>
    [key, key === '$ref' && typeof value === 'string' ? `openapi${value}` : rewriteRefs(value)]));
}
