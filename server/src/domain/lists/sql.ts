/** Collects bound parameters while a query is assembled: every value becomes $n, never text. */
export class Sql {
  readonly params: unknown[] = [];
  param(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
}
