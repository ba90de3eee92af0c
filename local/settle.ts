/**
 * Waits until the table's stream and the bus are both quiet: a stream consumer puts events on the
 * bus, and a bus consumer's writes make stream records, so each is settled again until neither has
 * anything left (tests and `stop()` use it).
 */
export async function settleAll(...parts: ReadonlyArray<{ settle(): Promise<void>; busy(): boolean }>): Promise<void> {
  do {
    for (const part of parts) await part.settle();
  } while (parts.some((part) => part.busy()));
}
