// Issue 55 item 3: the external API's reference page passes axe (no serious or critical finding) and fits a
// 390 px phone, in English and in Dutch, with every schema and example opened as well as closed.
import assert from 'node:assert/strict';
import { horizontalOverflow } from '../harness/every-person.mjs';
import { assertAccessible, useConsole } from '../harness/index.mjs';

const { journey } = useConsole();

const TITLES = { en: 'Access portal external API', nl: 'Externe API van het Toegangsportaal' };
const SCREENS = [
  { name: 'desktop', contextOptions: { viewport: { width: 1280, height: 800 } } },
  {
    name: '390 px phone',
    contextOptions: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  },
];

for (const lang of /** @type {const} */ (['en', 'nl'])) {
  for (const { name, contextOptions } of SCREENS) {
    journey(
      `the API reference page in ${lang} on a ${name}: axe finds nothing serious, nothing is wider than the screen`,
      async ({ page }) => {
        await page.goto(`/api/external/v1/docs?lang=${lang}`);
        await page.getByRole('heading', { level: 1, name: TITLES[lang] }).waitFor();
        assert.equal(await page.locator('main').count(), 1);
        assert.ok((await page.getByRole('article').count()) > 25, 'every operation has its own article');
        const where = `the API reference page (${lang}, ${name})`;
        await assertAccessible(page, where);
        assert.deepEqual(await horizontalOverflow(page), {
          width: await page.evaluate(() => document.documentElement.clientWidth),
          overflow: 0,
          culprits: [],
        });

        // Every schema and example opened: still within the screen, still nothing serious for axe.
        await page.evaluate(() =>
          document.querySelectorAll('details').forEach((details) => (details.open = true)),
        );
        await assertAccessible(page, `${where}, every schema and example open`);
        const opened = await horizontalOverflow(page);
        assert.deepEqual([opened.overflow, opened.culprits], [0, []]);
      },
      { contextOptions },
    );
  }
}
