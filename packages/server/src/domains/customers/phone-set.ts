/**
 * The E.164 numbers an import has written so far, to find a phone repeated in the file (the first good row wins).
 * A number is at most 15 digits, so it fits a double exactly: an open-addressed table of doubles holds a million
 * numbers in 32 MB at most, where a Set of strings would take several times that.
 */
export class PhoneSet {
  private table = new Float64Array(1 << 16);
  private size = 0;

  /** Adds the number; false when it was there already. */
  add(e164: string): boolean {
    const key = Number(e164.slice(1));
    if (this.size * 2 >= this.table.length) this.grow();
    const at = this.slot(this.table, key);
    if (this.table[at] === key) return false;
    this.table[at] = key;
    this.size += 1;
    return true;
  }

  /** 0 marks an empty slot: no valid number is 0. */
  private slot(table: Float64Array, key: number): number {
    const mask = table.length - 1;
    let i = (Math.imul((key % 0x7fffffff) | 0, 0x9e3779b1) ^ Math.floor(key / 0x7fffffff)) & mask;
    while (table[i] !== 0 && table[i] !== key) i = (i + 1) & mask;
    return i;
  }

  private grow() {
    const old = this.table;
    this.table = new Float64Array(old.length * 2);
    for (const key of old) if (key !== 0) this.table[this.slot(this.table, key)] = key;
  }
}
