/**
 * validateSearch for a list whose search schema is zod, in the screen's lazily loaded chunk: the route definitions are
 * in the first bundle, which zod would grow. The route gives the search its type (so links and `navigate` are checked)
 * and keeps what the URL holds; the screen parses it with the schema, where bad values fall back to the defaults.
 */
export const typedSearch =
  <S extends object>() =>
  (raw: Record<string, unknown>): S =>
    raw as S;
