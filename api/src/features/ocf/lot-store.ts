/**
 * The open DRS lots of every account, in typed arrays: about 31 bytes a lot where objects took about 140. A large
 * journal leaves hundreds of thousands of lots open (550,000 for 1,000,000 legs over 100,000 holders; OCF 1.2.0
 * cannot merge securities), and they were the export's live memory.
 *
 * A lot's security id is `<transaction uuid>:<account id><suffix>`, the suffix empty, `:balance`, `~<n>` or
 * `:balance~<n>` (decision 024). The store keeps the transaction's uuid as 16 bytes, the suffix as a flag and a part
 * number, and the quantity in millionths of a share; the account is the queue's. Each account's lots are a linked
 * list, oldest first; a consumed lot's slot is reused.
 */
export interface Lot {
  id: string;
  quantity: bigint;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SUFFIX = /^(:balance)?(?:~(\d{1,5}))?$/;
const NONE = -1;
/** A quantity too large for 64 bits (over 9.2 trillion shares) is kept aside, marked by this value. */
const ASIDE = -(2n ** 63n);
const MAX = 2n ** 63n - 1n;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

export class LotStore {
  private capacity = 1024;
  private uuids = new Uint8Array(this.capacity * 16);
  private quantities = new BigInt64Array(this.capacity);
  private balance = new Uint8Array(this.capacity);
  private parts = new Uint16Array(this.capacity);
  private next = new Int32Array(this.capacity);
  private used = 0;
  private free = NONE;
  private readonly large = new Map<number, bigint>();
  private readonly queues = new Map<string, { head: number; tail: number }>();

  /** Adds a lot behind the account's others (`atFront`: before them, as the oldest). */
  add(accountId: string, id: string, quantity: bigint, atFront = false) {
    const slot = this.slot();
    this.write(slot, accountId, id, quantity);
    const queue = this.queues.get(accountId);
    if (!queue) {
      this.next[slot] = NONE;
      this.queues.set(accountId, { head: slot, tail: slot });
    } else if (atFront) {
      this.next[slot] = queue.head;
      queue.head = slot;
    } else {
      this.next[slot] = NONE;
      this.next[queue.tail] = slot;
      queue.tail = slot;
    }
  }

  /** Takes the account's oldest lot, or undefined when it holds none. */
  shift(accountId: string): Lot | undefined {
    const queue = this.queues.get(accountId);
    if (!queue) return undefined;
    const slot = queue.head;
    const lot = this.read(slot, accountId);
    if (slot === queue.tail) this.queues.delete(accountId);
    else queue.head = this.next[slot]!;
    this.large.delete(slot);
    this.next[slot] = this.free;
    this.free = slot;
    return lot;
  }

  private slot(): number {
    if (this.free !== NONE) {
      const slot = this.free;
      this.free = this.next[slot]!;
      return slot;
    }
    if (this.used === this.capacity) this.grow();
    return this.used++;
  }

  private grow() {
    this.capacity *= 2;
    const widen = <A extends Uint8Array | Uint16Array | Int32Array | BigInt64Array>(old: A, make: (n: number) => A) => {
      const wider = make(old.length * 2);
      wider.set(old as never);
      return wider;
    };
    this.uuids = widen(this.uuids, (n) => new Uint8Array(n));
    this.quantities = widen(this.quantities, (n) => new BigInt64Array(n));
    this.balance = widen(this.balance, (n) => new Uint8Array(n));
    this.parts = widen(this.parts, (n) => new Uint16Array(n));
    this.next = widen(this.next, (n) => new Int32Array(n));
  }

  private write(slot: number, accountId: string, id: string, quantity: bigint) {
    const uuid = id.slice(0, 36);
    const suffix = SUFFIX.exec(id.slice(36 + 1 + accountId.length));
    if (
      !UUID.test(uuid) ||
      id.slice(36, 37 + accountId.length) !== `:${accountId}` ||
      !suffix ||
      Number(suffix[2] ?? 0) > 0xffff
    )
      throw new Error(`a DRS lot id of an unexpected form: ${id}`);
    const hex = uuid.replaceAll('-', '');
    for (let byte = 0; byte < 16; byte += 1)
      this.uuids[slot * 16 + byte] = Number.parseInt(hex.slice(byte * 2, byte * 2 + 2), 16);
    this.balance[slot] = suffix[1] ? 1 : 0;
    this.parts[slot] = suffix[2] ? Number(suffix[2]) : 0;
    if (quantity > MAX || quantity <= ASIDE) {
      this.quantities[slot] = ASIDE;
      this.large.set(slot, quantity);
    } else this.quantities[slot] = quantity;
  }

  private read(slot: number, accountId: string): Lot {
    let hex = '';
    for (let byte = 0; byte < 16; byte += 1) {
      hex += HEX[this.uuids[slot * 16 + byte]!];
      if (byte === 3 || byte === 5 || byte === 7 || byte === 9) hex += '-';
    }
    const part = this.parts[slot]!;
    const id = `${hex}:${accountId}${this.balance[slot] ? ':balance' : ''}${part ? `~${part}` : ''}`;
    const stored = this.quantities[slot]!;
    return { id, quantity: stored === ASIDE ? this.large.get(slot)! : stored };
  }
}
