import { useCallback, useEffect, useRef, useState } from 'react';
import { firstValueFrom } from 'rxjs';
import { useDebounced } from '../internal/use-call.js';
import type { ExpressionCheck } from './form-model.js';
import type { SenderClient } from './sender-client.js';

/** Quiet time before a typed expression is looked up. */
export const EXPRESSION_DEBOUNCE_MS = 400;

/**
 * The expression lookup (spec 6 "Expression variable lookup: expression in, data.variables out") for every
 * expression the form holds, each asked once: 'found' when it names customer fields, 'none' otherwise ('URL variable
 * not found'). `check` lets Send wait for answers still out.
 */
export function useExpressionChecks(client: SenderClient, expressions: readonly string[]) {
  const [results, setResults] = useState<Record<string, ExpressionCheck>>({});
  const asked = useRef(new Map<string, Promise<ExpressionCheck>>());
  useEffect(() => asked.current.clear(), [client]);

  const check = useCallback(
    (expression: string): Promise<ExpressionCheck> => {
      const known = asked.current.get(expression);
      if (known) return known;
      setResults((r) => ({ ...r, [expression]: 'pending' }));
      const answer = firstValueFrom(client.broadcasts.expression({ expression })).then(
        (reply): ExpressionCheck => (reply.variables.length ? 'found' : 'none'),
        (): ExpressionCheck => 'none',
      );
      asked.current.set(expression, answer);
      void answer.then((result) => setResults((r) => ({ ...r, [expression]: result })));
      return answer;
    },
    [client],
  );

  const settled = useDebounced(expressions.filter(Boolean).join('\n'), EXPRESSION_DEBOUNCE_MS);
  useEffect(() => {
    for (const e of settled.split('\n')) if (e) void check(e);
  }, [settled, check]);

  /** Every expression answered, for Send. */
  const checkAll = useCallback(async () => {
    const answers = await Promise.all(expressions.filter(Boolean).map(async (e) => [e, await check(e)] as const));
    return Object.fromEntries(answers) as Record<string, ExpressionCheck>;
  }, [expressions, check]);

  return { results, checkAll };
}
