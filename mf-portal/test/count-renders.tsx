import { Profiler } from 'react';
import { FIELD_COMPONENTS } from '../src/features/fields/render-field';

/**
 * Counts commits per text field: a Profiler around each one reports every commit inside it, whoever triggered it.
 * `commits` lists the field names in commit order; call restore() (in a finally) to put the plain field back.
 */
export function countRenders() {
  const Original = FIELD_COMPONENTS.text;
  const commits: string[] = [];
  FIELD_COMPONENTS.text = (p) => (
    <Profiler id={p.name} onRender={(id) => commits.push(id)}>
      <Original {...p} />
    </Profiler>
  );
  return { commits, restore: () => (FIELD_COMPONENTS.text = Original) };
}
