import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../contract/load-contract';
import { PatternSampleError, patternSamples } from './pattern-sample';

// The validator the server checks requests with, so "matches" means what a request would meet.
const ajv = new Ajv2020({ strict: true });
const validators = new Map<string, ValidateFunction>();
function matches(pattern: string, value: string): boolean {
  const validate = validators.get(pattern) ?? ajv.compile({ type: 'string', pattern });
  validators.set(pattern, validate);
  return validate(value);
}

/** Every `pattern` written in openapi.yaml, with where it is. */
function contractPatterns(node: unknown, at = ''): [string, string][] {
  if (node === null || typeof node !== 'object') return [];
  const own: [string, string][] =
    'pattern' in node && typeof node.pattern === 'string' ? [[at, node.pattern]] : [];
  return own.concat(Object.entries(node).flatMap(([key, value]) => contractPatterns(value, `${at}/${key}`)));
}

describe('patternSamples', () => {
  it.each([
    ['^P[A-HJ-NP-Z]-[0-9]{3}(-[A-Z0-9]{2,4})?$', 'PA-000-AA'],
    ['^1[3-9][0-9]{9}$', '13000000000'],
    ['^(rtsp|rtsps|http|https)://[^\\s/?#]+[^\\s]*$', 'rtsp://aa'],
    ['^[^,，]+$', 'a'],
    ['^[\\u4e00-\\u9fa5]{2,}\\d$', '一一0'],
    ['^(?<area>[京沪])\\.[a-z]+?x{2}$', '京.axx'],
    ['abc', 'abc'],
  ])('reads %s, first giving %j', (pattern, first) => {
    const samples = patternSamples(pattern);
    expect(samples[0]).toBe(first);
    for (const sample of samples) expect(matches(pattern, sample), sample).toBe(true);
  });

  it('varies the lengths, so one meets a minLength or a maxLength', () => {
    const lengths = patternSamples('^[a-z][a-z0-9-]*$').map((sample) => sample.length);
    expect(Math.min(...lengths)).toBe(1);
    expect(Math.max(...lengths)).toBeGreaterThanOrEqual(64);
  });

  it('tries each option of an alternation', () => {
    const samples = patternSamples('^(?:[0-9]{2}|[a-z]{8,})$');
    expect(samples).toContain('00');
    expect(samples).toContain('aaaaaaaa');
  });

  it.each([
    ['^(?=.*[A-Za-z])(?=.*[0-9]).{8,64}$', /lookarounds cannot be generated; give the schema examples/],
    ['^(a)\\1$', /back-references cannot be generated; give the schema examples/],
  ])('refuses %s by name', (pattern, reason) => {
    expect(() => patternSamples(pattern)).toThrow(PatternSampleError);
    expect(() => patternSamples(pattern)).toThrow(reason);
  });

  it('gives matching strings for every pattern of openapi.yaml it reads, and refuses only lookarounds', () => {
    const patterns = contractPatterns(loadContract().document);
    expect(patterns.length).toBeGreaterThan(10);
    const refused: string[] = [];
    for (const [at, pattern] of patterns) {
      try {
        const samples = patternSamples(pattern);
        expect(samples.length, at).toBeGreaterThan(0);
        for (const sample of samples) expect(matches(pattern, sample), `${at}: ${sample}`).toBe(true);
      } catch (error) {
        if (!(error instanceof PatternSampleError)) throw error;
        refused.push(error.message);
      }
    }
    for (const message of refused) expect(message).toMatch(/lookarounds/);
  });
});
