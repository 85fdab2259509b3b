/**
 * `expectProblem(res, status, code)`: the response is an RFC 9457 problem exactly as the spec's Problem
 * (validated with our own ajv against `components/schemas/Problem` of openapi/gateway.yaml), sent as
 * `application/problem+json`, with `X-Request-Id` equal to the body's `request_id`.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { loadDocuments } from '../../src/contract/documents.js';
import type { Problem } from '../../src/http/problem.js';

const PROBLEM_FIELDS = ['type', 'title', 'status', 'detail', 'instance', 'code', 'request_id'];

const validateProblem = new Ajv2020({ strict: false, allErrors: true }).compile(
  loadDocuments().gateway.components.schemas.Problem as object,
);

export interface ResponseLike {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed body; when absent, `text` is parsed. */
  body?: unknown;
  text?: string;
}

export function expectProblem(res: ResponseLike, status: number, code: string): Problem {
  const contentType = String(res.headers['content-type'] ?? '');
  expect(contentType, 'Content-Type').toMatch(/^application\/problem\+json(\s*;|$)/);
  const body = (
    res.body && typeof res.body === 'object' && Object.keys(res.body).length > 0
      ? res.body
      : JSON.parse(res.text ?? '')
  ) as Record<string, unknown>;
  expect({ status: res.status, code: body.code }, `problem ${JSON.stringify(body)}`).toEqual({
    status,
    code,
  });
  expect(validateProblem(body), JSON.stringify(validateProblem.errors)).toBe(true);
  expect(Object.keys(body).filter((k) => !PROBLEM_FIELDS.includes(k))).toEqual([]);
  expect(body.status).toBe(status);
  expect(typeof body.title).toBe('string');
  expect(body.request_id).toBeTypeOf('string');
  expect(res.headers['x-request-id']).toBe(body.request_id);
  return body as unknown as Problem;
}
