/**
 * The new name the rename quick fix proposes for a colliding key in one variant: the variant's
 * label and the key, in the key's own naming style (`media` in `mediaGroup` → `mediaGroupMedia`,
 * `media_id` in `photo` → `photo_media_id`), made unique against the keys that already exist.
 */

/** A name for `key` in variant `variantLabel` that is none of `existingKeys`. */
export function suggestRename(key: string, variantLabel: string, existingKeys: Iterable<string>): string {
  const taken = new Set(existingKeys);
  const label = variantLabel.split('|')[0].trim();
  const words = [...wordsOf(label), ...wordsOf(key)];
  if (words.length === 0) words.push('variant', 'key');
  if (/^[0-9]/.test(words[0])) words.unshift('variant');
  const snake = key.includes('_') && key === key.toLowerCase();
  const base = snake ? words.map((w) => w.toLowerCase()).join('_') : camel(words);
  if (!taken.has(base) && base !== key) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}${snake ? '_' : ''}${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** Split camelCase, PascalCase, snake_case, kebab-case and spaced text into words. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
}

function camel(words: string[]): string {
  return words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
}
