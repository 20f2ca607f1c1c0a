/** Polls until `check` passes (the change feed and jobs are asynchronous), failing with its last error after 5 s. */
export async function eventually(check: () => Promise<void>): Promise<void> {
  for (const until = Date.now() + 5000; ;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}
