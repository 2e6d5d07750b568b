// Text the server can keep: PostgreSQL's text type cannot hold NUL, and an unpaired UTF-16
// surrogate half has no UTF-8 form (it would be stored as U+FFFD, silently changing the text).

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** No NUL character and no unpaired surrogate half. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Whether any string or key anywhere in untrusted input (a parsed body, a query) is not storable. */
export function containsUnstorableText(input: unknown): boolean {
  // Iterative: a 64 KB body can nest 30,000 levels deep.
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (!isStorableText(value)) return true;
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return true;
        stack.push(item);
      }
    }
  }
  return false;
}
