import type { z } from 'zod';

export type FormIssue = z.core.$ZodIssue;

/**
 * The first problem of each field of a failed parse, by dotted path (`name.en`), so a form checked
 * with the server's own schema can word each problem in the page's language.
 */
export function issuesByField(error: z.ZodError): Record<string, FormIssue> {
  const byField: Record<string, FormIssue> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.');
    byField[path] ??= issue;
  }
  return byField;
}

/** Whether the problem is a value left empty (too short, or not given at all): "… is required". */
export function isMissing(issue: FormIssue): boolean {
  return issue.code === 'too_small' || issue.code === 'invalid_type';
}
