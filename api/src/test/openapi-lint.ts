// The two linters the issue-27 review ran on GET /api/openapi.json, run in-process on the generated
// document: Redocly's recommended ruleset, and Spectral's spectral:oas with the OWASP API ruleset.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import owasp from '@stoplight/spectral-owasp-ruleset';

export interface LintProblem {
  rule: string;
  severity: 'error' | 'warn' | 'info' | 'hint';
  path: string;
  message: string;
}

const SPECTRAL_SEVERITY = ['error', 'warn', 'info', 'hint'] as const;

export async function redoclyProblems(document: unknown): Promise<LintProblem[]> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), config, absoluteRef: 'openapi.json' });
  return problems.map((problem) => ({
    rule: problem.ruleId,
    severity: problem.severity === 'error' ? 'error' : 'warn',
    path: problem.location[0]?.pointer ?? '',
    message: problem.message,
  }));
}

export async function spectralProblems(document: unknown): Promise<LintProblem[]> {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [oas, owasp] } as Parameters<Spectral['setRuleset']>[0]);
  const results = await spectral.run(new Document(JSON.stringify(document), Json, 'openapi.json'));
  return results.map((result) => ({
    rule: String(result.code),
    severity: SPECTRAL_SEVERITY[result.severity] ?? 'hint',
    path: result.path.join('.'),
    message: result.message,
  }));
}

/** Counts by rule and severity, for a note or a failure message. */
export function countByRule(problems: LintProblem[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const problem of problems) {
    const key = `${problem.severity} ${problem.rule}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}
