import { expect, test } from '@playwright/test';
import { openPlayground } from './support/leaseline';

/**
 * A screen-reader pass of the flagship, through the accessibility tree Chromium builds (what a
 * screen reader reads): the announced verdict, then the text tables tell the whole story
 * without the chart: A's GC pause, who held the lock when (A's lease expiring at 02:05:00, B
 * taking it with token 8), every write with its token and time, and the orders applied twice.
 * Then fencing on: the verdict announced changes and A's stale write reads as rejected.
 */
test('the verdict and the tables tell the flagship’s story', async ({ page }) => {
  await openPlayground(page);
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - status:
      - paragraph: "Unsafe: order 1003 applied twice, by B with token 8 at 02:06:00 and by A with token 7 at 02:07:50; 2 more orders too."
  `);
  await expect(page.getByRole('table', { name: /^Every event placed on the night/ })).toMatchAriaSnapshot(`
    - table:
      - rowgroup:
        - row "Event When Length Label"
      - rowgroup:
        - row "Pause, replica A 02:01:30 6m (until 02:07:30) GC pause"
  `);
  await expect(page.getByRole('table', { name: /^Each grant of the lock/ })).toMatchAriaSnapshot(`
    - table:
      - rowgroup:
        - row "Holder Token Granted at Valid until Ended by"
      - rowgroup:
        - row "A 7 02:00:00.002 02:05:00.002 expired (its time ran out)"
        - row "B 8 02:05:10.003 02:07:10.003 released by the holder"
  `);
  const outcome = page.getByRole('table', { name: /^Each order's writes/ });
  await expect(outcome.getByRole('row', { name: /^#1003 / })).toHaveAccessibleName(
    '#1003 B, token 8, at 02:06:00.003: accepted A, token 7, at 02:07:50.002: accepted 2 times applied more than once',
  );
  await expect(page.getByRole('region', { name: /^Violations/ })).toContainText(
    'Zombie window: A still believed it held the lock after B took it, for 3 min 50 s',
  );

  await page.getByRole('switch', { name: 'Fencing' }).click();
  await expect(page.getByRole('main')).toMatchAriaSnapshot(`
    - status:
      - paragraph: /^Safe. every order applied at most once; the stale write by A with token 7 at 02.07.50 was rejected/
  `);
  await expect(outcome.getByRole('row', { name: /^#1003 / })).toHaveAccessibleName(
    /A, token 7, at 02:07:50\.002: ✗?\s*stale, rejected once$/,
  );
});
